import { renameSync, writeFileSync } from 'node:fs';

/** A grey-scale picture, one byte per pixel, row by row. */
export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * A YUV4MPEG2 video (what Chromium's fake camera plays from a file) of grey frames: the frame's
 * luma as the Y plane, neutral chroma (4:2:0, so U and V are a quarter of Y each).
 */
export function y4mVideo(frames: readonly GrayImage[], fps = 10): Buffer {
  const first = frames[0];
  if (!first) throw new Error('a video needs at least one frame');
  const { width, height } = first;
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('4:2:0 needs an even width and height');
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const parts: Buffer[] = [
    Buffer.from(`YUV4MPEG2 W${String(width)} H${String(height)} F${String(fps)}:1 Ip A1:1 C420jpeg\n`),
  ];
  for (const frame of frames) {
    if (frame.width !== width || frame.height !== height) throw new Error('all frames need the same size');
    parts.push(Buffer.from('FRAME\n'), Buffer.from(frame.pixels), chroma);
  }
  return Buffer.concat(parts);
}

/** Writes `data` to `file` through a temporary name, so that a reader never sees half a file. */
export function writeFileAtomically(file: string, data: Buffer): void {
  const temporary = `${file}.${String(process.pid)}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}
