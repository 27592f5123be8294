import { decodeCode39Line } from './code39.ts';

/** The part of ImageData the reader needs (RGBA bytes, row by row). */
export interface PixelBuffer {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

/** Lines read across the frame in each direction. */
const LINES_PER_DIRECTION = 11;

function luminanceAt(image: PixelBuffer, x: number, y: number): number {
  const i = (y * image.width + x) * 4;
  const r = image.data[i] ?? 0;
  const g = image.data[i + 1] ?? 0;
  const b = image.data[i + 2] ?? 0;
  return (r * 299 + g * 587 + b * 114) / 1000;
}

export function rowLuminance(image: PixelBuffer, y: number): Uint8ClampedArray {
  const line = new Uint8ClampedArray(image.width);
  for (let x = 0; x < image.width; x++) line[x] = luminanceAt(image, x, y);
  return line;
}

export function columnLuminance(image: PixelBuffer, x: number): Uint8ClampedArray {
  const line = new Uint8ClampedArray(image.height);
  for (let y = 0; y < image.height; y++) line[y] = luminanceAt(image, x, y);
  return line;
}

/** Evenly spaced positions strictly inside 0..size, the middle one first. */
function positions(size: number): number[] {
  const all = Array.from({ length: LINES_PER_DIRECTION }, (_, k) => Math.floor((size * (k + 1)) / (LINES_PER_DIRECTION + 1)));
  return all.sort((a, b) => Math.abs(a - size / 2) - Math.abs(b - size / 2));
}

/**
 * Looks for a Code 39 symbol on several horizontal lines, then several vertical lines (a label
 * photographed sideways), reading each in both directions. Returns the first text found.
 */
export function scanCode39(image: PixelBuffer): string | null {
  for (const y of positions(image.height)) {
    const text = decodeCode39Line(rowLuminance(image, y));
    if (text !== null) return text;
  }
  for (const x of positions(image.width)) {
    const text = decodeCode39Line(columnLuminance(image, x));
    if (text !== null) return text;
  }
  return null;
}
