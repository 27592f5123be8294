import { decodeCode39Line } from './line-reader.ts';

/** The part of ImageData the reader needs (RGBA bytes, row by row). */
export interface PixelBuffer {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

/** Lines read across the frame in each direction. */
const LINES_PER_DIRECTION = 11;
/**
 * Directions of the lines, in degrees from the rows: straight first, then a label held sideways
 * (90), then labels tilted either way, as a hand-held phone rarely is square to the label.
 */
const ANGLES = [0, 90, 8, -8, 98, 82, 16, -16, 106, 74] as const;

function luminanceAt(image: PixelBuffer, x: number, y: number): number {
  const i = (y * image.width + x) * 4;
  const r = image.data[i] ?? 0;
  const g = image.data[i + 1] ?? 0;
  const b = image.data[i + 2] ?? 0;
  return (r * 299 + g * 587 + b * 114) / 1000;
}

function rowLuminance(image: PixelBuffer, y: number): Uint8ClampedArray {
  const line = new Uint8ClampedArray(image.width);
  for (let x = 0; x < image.width; x++) line[x] = luminanceAt(image, x, y);
  return line;
}

function columnLuminance(image: PixelBuffer, x: number): Uint8ClampedArray {
  const line = new Uint8ClampedArray(image.height);
  for (let y = 0; y < image.height; y++) line[y] = luminanceAt(image, x, y);
  return line;
}

/** Luminance at a point between pixels, blended from the four around it. */
function luminanceBetween(image: PixelBuffer, x: number, y: number): number {
  const [x0, y0] = [Math.min(Math.floor(x), image.width - 2), Math.min(Math.floor(y), image.height - 2)];
  const [fx, fy] = [x - x0, y - y0];
  const top = luminanceAt(image, x0, y0) * (1 - fx) + luminanceAt(image, x0 + 1, y0) * fx;
  const bottom = luminanceAt(image, x0, y0 + 1) * (1 - fx) + luminanceAt(image, x0 + 1, y0 + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/** Luminance along the line through (cx, cy) in direction (dx, dy), one sample per pixel, inside the image. */
function lineLuminance(
  image: PixelBuffer,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): Uint8ClampedArray {
  const reach = Math.hypot(image.width, image.height) / 2;
  const samples: number[] = [];
  for (let t = -reach; t <= reach; t++) {
    const [x, y] = [cx + dx * t, cy + dy * t];
    if (x >= 0 && y >= 0 && x <= image.width - 1 && y <= image.height - 1)
      samples.push(luminanceBetween(image, x, y));
  }
  return Uint8ClampedArray.from(samples);
}

/** Evenly spaced offsets strictly inside -size/2..size/2, the middle one first. */
function offsets(size: number): number[] {
  const all = Array.from(
    { length: LINES_PER_DIRECTION },
    (_, k) => (size * (k + 1)) / (LINES_PER_DIRECTION + 1) - size / 2,
  );
  return all.sort((a, b) => Math.abs(a) - Math.abs(b));
}

function linesAt(image: PixelBuffer, degrees: number): Iterable<Uint8ClampedArray> {
  if (degrees === 0)
    return offsets(image.height).map((o) => rowLuminance(image, Math.floor(image.height / 2 + o)));
  if (degrees === 90)
    return offsets(image.width).map((o) => columnLuminance(image, Math.floor(image.width / 2 + o)));
  const radians = (degrees * Math.PI) / 180;
  const [dx, dy] = [Math.cos(radians), Math.sin(radians)];
  // Lines are spread along the normal, over the frame's extent in that direction.
  const extent = Math.abs(dy) * image.width + Math.abs(dx) * image.height;
  return offsets(extent).map((o) =>
    lineLuminance(image, image.width / 2 - dy * o, image.height / 2 + dx * o, dx, dy),
  );
}

/**
 * Looks for a Code 39 symbol along lines across the frame: rows, columns (a label photographed
 * sideways) and tilted lines, reading each in both directions. Returns the first text found.
 */
export function scanCode39(image: PixelBuffer): string | null {
  for (const degrees of ANGLES) {
    for (const line of linesAt(image, degrees)) {
      const text = decodeCode39Line(line);
      if (text !== null) return text;
    }
  }
  return null;
}
