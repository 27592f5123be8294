import { describe, expect, it, vi } from 'vitest';
import { captureFrame } from './capture-frame.ts';

function video(width: number, height: number): HTMLVideoElement {
  const element = document.createElement('video');
  Object.defineProperty(element, 'videoWidth', { value: width });
  Object.defineProperty(element, 'videoHeight', { value: height });
  return element;
}

describe('captureFrame', () => {
  it('draws the whole frame and encodes it as JPEG at quality 0.8', () => {
    const canvas = document.createElement('canvas');
    const drawImage = vi.fn();
    vi.spyOn(canvas, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    const toDataURL = vi.spyOn(canvas, 'toDataURL').mockReturnValue('data:image/jpeg;base64,AAAA');
    const source = video(1920, 1080);
    expect(captureFrame(source, canvas)).toBe('data:image/jpeg;base64,AAAA');
    expect([canvas.width, canvas.height]).toEqual([1920, 1080]);
    expect(drawImage).toHaveBeenCalledWith(source, 0, 0);
    expect(toDataURL).toHaveBeenCalledWith('image/jpeg', 0.8);
  });

  it('gives nothing before the camera shows a frame', () => {
    expect(captureFrame(video(0, 0))).toBeNull();
  });
});
