import { decodeCode39Runs } from './code39.ts';

/** Minimum spread between the darkest and lightest sample of a line worth reading. */
const MIN_CONTRAST = 48;

/**
 * Run lengths where a line crosses its threshold, to a fraction of a pixel (the crossing is
 * interpolated between the two samples around it), starting with the first dark run. Whole-pixel
 * runs would turn a 2-pixel bar into 1 or 3 pixels, which is too coarse to tell narrow from wide.
 */
function runsAcross(line: ArrayLike<number>, threshold: ArrayLike<number>): number[] {
  const runs: number[] = [];
  let edge: number | null = null;
  let previous = (line[0] ?? 0) - (threshold[0] ?? 0);
  if (previous < 0) edge = 0;
  for (let i = 1; i < line.length; i++) {
    const d = (line[i] ?? 0) - (threshold[i] ?? 0);
    if (d < 0 !== previous < 0) {
      const crossing = i - 1 + previous / (previous - d);
      if (edge !== null) runs.push(crossing - edge);
      if (edge !== null || d < 0) edge = crossing;
    }
    previous = d;
  }
  if (edge !== null) runs.push(line.length - edge);
  return runs;
}

function contrastOk(line: ArrayLike<number>): { min: number; max: number } | null {
  let min = 255;
  let max = 0;
  for (let i = 0; i < line.length; i++) {
    const v = line[i] ?? 0;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return max - min >= MIN_CONTRAST ? { min, max } : null;
}

/** The midpoint of the line's range, everywhere. */
function globalThreshold(line: ArrayLike<number>): Float32Array | null {
  const range = contrastOk(line);
  return range ? new Float32Array(line.length).fill((range.min + range.max) / 2) : null;
}

/**
 * The mean of a window around each sample, so that a label in shadow at one end still reads: the
 * light spaces of the dim end are darker than the threshold the bright end would need.
 */
function adaptiveThreshold(
  line: ArrayLike<number>,
  radius = Math.max(8, Math.round(line.length / 20)),
): Float32Array | null {
  if (!contrastOk(line)) return null;
  const sums = new Float64Array(line.length + 1);
  for (let i = 0; i < line.length; i++) sums[i + 1] = (sums[i] ?? 0) + (line[i] ?? 0);
  return Float32Array.from({ length: line.length }, (_, i) => {
    const from = Math.max(0, i - radius);
    const to = Math.min(line.length, i + radius + 1);
    return ((sums[to] ?? 0) - (sums[from] ?? 0)) / (to - from);
  });
}

function decodeBothWays(runs: number[]): string | null {
  // Read backwards, the runs must again start with a bar: a trailing space is left out.
  const reversed = [...runs].reverse().slice(runs.length % 2 === 0 ? 1 : 0);
  return decodeCode39Runs(runs) ?? decodeCode39Runs(reversed);
}

/** Reads a Code 39 symbol from one line of luminance values (0 dark .. 255 light), in either direction. */
export function decodeCode39Line(line: ArrayLike<number>): string | null {
  for (const threshold of [globalThreshold, adaptiveThreshold]) {
    const t = threshold(line);
    if (!t) return null;
    const text = decodeBothWays(runsAcross(line, t));
    if (text !== null) return text;
  }
  return null;
}
