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

/** Longest side of the thumbnail made at capture, in pixels. */
const THUMBNAIL_MAX_SIDE = 320;

/** The current video frame scaled down to a small JPEG data URL, for photo lists. */
export function captureThumbnail(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): string | null {
  const { videoWidth: width, videoHeight: height } = video;
  if (width === 0 || height === 0) return null;
  const scale = Math.min(1, THUMBNAIL_MAX_SIDE / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', PHOTO_JPEG_QUALITY);
}
