/**
 * A Code 39 encoder for the tests, written from the symbology's structure (not from the app's
 * decoder tables), so that a browser test can fail when the app's reader is wrong.
 *
 * Every character is 5 bars and 4 spaces, bar first. The 43 data characters and '*' fall in four
 * groups of ten that share the bar patterns of the digits 1..9, 0 and differ in which space is
 * wide; '$', '/', '+' and '%' have narrow bars and three wide spaces.
 */
const DIGIT_BARS = [
  '10001',
  '01001',
  '11000',
  '00101',
  '10100',
  '01100',
  '00011',
  '10010',
  '01010',
  '00110',
] as const;
const GROUPS: readonly [string, string][] = [
  ['1234567890', '0100'],
  ['ABCDEFGHIJ', '0010'],
  ['KLMNOPQRST', '0001'],
  ['UVWXYZ-. *', '1000'],
];
const EXTRA_SPACES: Readonly<Record<string, string>> = { $: '1110', '/': '1101', '+': '1011', '%': '0111' };

/** The 9 elements of a character as 'n' (narrow) or 'w' (wide), bar first. */
export function code39Elements(ch: string): string {
  let bars: string | undefined;
  let spaces: string | undefined;
  for (const [chars, spacePattern] of GROUPS) {
    const index = chars.indexOf(ch);
    if (index >= 0) {
      bars = DIGIT_BARS[index];
      spaces = spacePattern;
    }
  }
  if (EXTRA_SPACES[ch] !== undefined) {
    bars = '00000';
    spaces = EXTRA_SPACES[ch];
  }
  if (bars === undefined || spaces === undefined)
    throw new Error(`Code 39 has no character ${JSON.stringify(ch)}`);
  let out = '';
  for (let i = 0; i < 5; i++) {
    out += bars.charAt(i) === '1' ? 'w' : 'n';
    if (i < 4) out += spaces.charAt(i) === '1' ? 'w' : 'n';
  }
  return out;
}

/**
 * Run widths of the symbol `*text*` in narrow-module units (wide = `ratio`), starting with a bar
 * and alternating bar, space, bar...; characters are separated by a narrow space.
 */
export function encodeCode39(text: string, ratio = 3): number[] {
  const runs: number[] = [];
  const full = `*${text}*`;
  for (let i = 0; i < full.length; i++) {
    if (i > 0) runs.push(1);
    for (const element of code39Elements(full.charAt(i))) runs.push(element === 'w' ? ratio : 1);
  }
  return runs;
}
