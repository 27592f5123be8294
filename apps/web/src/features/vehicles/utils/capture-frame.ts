import { PHOTO_JPEG_QUALITY } from '@toolkit/contracts/constants.ts';

/** Draws the current video frame, at the camera's full size, as a JPEG data URL (§9: quality 0.8). */
export function captureFrame(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): string | null {
  if (video.videoWidth === 0 || video.videoHeight === 0) return null;
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0);
  return canvas.toDataURL('image/jpeg', PHOTO_JPEG_QUALITY);
}
