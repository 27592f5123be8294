/**
 * Code 39 symbology: every character is 9 elements (5 bars, 4 spaces, bar first), 3 of them wide.
 * A pattern is written as 9 bits, most significant first, 1 = wide.
 */
export const CODE39_PATTERNS: Readonly<Record<string, number>> = {
  '0': 0b000110100,
  '1': 0b100100001,
  '2': 0b001100001,
  '3': 0b101100000,
  '4': 0b000110001,
  '5': 0b100110000,
  '6': 0b001110000,
  '7': 0b000100101,
  '8': 0b100100100,
  '9': 0b001100100,
  A: 0b100001001,
  B: 0b001001001,
  C: 0b101001000,
  D: 0b000011001,
  E: 0b100011000,
  F: 0b001011000,
  G: 0b000001101,
  H: 0b100001100,
  I: 0b001001100,
  J: 0b000011100,
  K: 0b100000011,
  L: 0b001000011,
  M: 0b101000010,
  N: 0b000010011,
  O: 0b100010010,
  P: 0b001010010,
  Q: 0b000000111,
  R: 0b100000110,
  S: 0b001000110,
  T: 0b000010110,
  U: 0b110000001,
  V: 0b011000001,
  W: 0b111000000,
  X: 0b010010001,
  Y: 0b110010000,
  Z: 0b011010000,
  '-': 0b010000101,
  '.': 0b110000100,
  ' ': 0b011000100,
  '*': 0b010010100,
  $: 0b010101000,
  '/': 0b010100010,
  '+': 0b010001010,
  '%': 0b000101010,
};

const BY_PATTERN = new Map<number, string>(Object.entries(CODE39_PATTERNS).map(([ch, p]) => [p, ch]));
const START_STOP = CODE39_PATTERNS['*'] ?? 0;
/** A wide element must be at least this much wider than the widest narrow one. */
const MIN_WIDE_RATIO = 1.4;
/** Characters of one symbol may differ this much in total width (perspective, blur). */
const WIDTH_TOLERANCE = 0.35;

/** The pattern of 9 element widths (3 widest are wide), or null when the widths are not two clear classes. */
export function classifyElements(widths: readonly number[]): number | null {
  if (widths.length !== 9) return null;
  const sorted = [...widths].sort((a, b) => b - a);
  const narrowMax = sorted[3] ?? 0;
  const wideMin = sorted[2] ?? 0;
  if (narrowMax <= 0 || wideMin < narrowMax * MIN_WIDE_RATIO) return null;
  let pattern = 0;
  for (const w of widths) pattern = (pattern << 1) | (w >= wideMin ? 1 : 0);
  return pattern;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Decodes Code 39 from run lengths that alternate dark, light, dark... (`runs[0]` is dark).
 * Finds a start '*', reads characters separated by a narrow gap up to the stop '*'.
 */
export function decodeCode39Runs(runs: readonly number[]): string | null {
  for (let start = 0; start + 9 <= runs.length; start += 2) {
    const first = runs.slice(start, start + 9);
    if (classifyElements(first) !== START_STOP) continue;
    const charWidth = sum(first);
    // A quiet zone (light) of some width must precede the start character.
    const quiet = start === 0 ? Infinity : (runs[start - 1] ?? 0);
    if (quiet < charWidth / 4) continue;
    const text = readCharacters(runs, start + 10, charWidth);
    if (text !== null) return text;
  }
  return null;
}

function readCharacters(runs: readonly number[], from: number, charWidth: number): string | null {
  let text = '';
  for (let i = from; i + 9 <= runs.length; i += 10) {
    const gap = runs[i - 1] ?? 0;
    if (gap > charWidth / 3) return null;
    const element = runs.slice(i, i + 9);
    const width = sum(element);
    if (Math.abs(width - charWidth) > charWidth * WIDTH_TOLERANCE) return null;
    const pattern = classifyElements(element);
    if (pattern === null) return null;
    if (pattern === START_STOP) return text.length > 0 ? text : null;
    const ch = BY_PATTERN.get(pattern);
    if (ch === undefined) return null;
    text += ch;
  }
  return null;
}
