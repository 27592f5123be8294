import { describe, expect, it } from 'vitest';
import { CODE39_PATTERNS, classifyElements, decodeCode39Line } from './code39.ts';
import { scanCode39, type PixelBuffer } from './scan-image.ts';
import { vinFromBarcode } from './vin-from-barcode.ts';

/** Module widths (in pixels) of a Code 39 symbol for `text`, with quiet zones, as [isDark, width][]. */
function symbolModules(text: string, narrow: number, wide: number): [boolean, number][] {
  const out: [boolean, number][] = [[false, wide * 6]];
  const full = `*${text}*`;
  for (let index = 0; index < full.length; index++) {
    const ch = full.charAt(index);
    const pattern = CODE39_PATTERNS[ch];
    if (pattern === undefined) throw new Error(`no Code 39 pattern for ${ch}`);
    if (index > 0) out.push([false, narrow]);
    for (let bit = 8; bit >= 0; bit--) {
      const isWide = ((pattern >> bit) & 1) === 1;
      out.push([(8 - bit) % 2 === 0, isWide ? wide : narrow]);
    }
  }
  out.push([false, wide * 6]);
  return out;
}

/** Draws the symbol into an RGBA buffer: bars across the width, or down the height when vertical. */
function drawSymbol(text: string, { narrow = 2, wide = 5, vertical = false, noise = 0, offset = 30 } = {}): PixelBuffer {
  const modules = symbolModules(text, narrow, wide);
  const length = modules.reduce((a, [, w]) => a + w, 0) + offset * 2;
  const across = 120;
  const width = vertical ? across : length;
  const height = vertical ? length : across;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  let pos = offset;
  for (const [dark, w] of modules) {
    for (let p = pos; p < pos + w; p++) {
      // The symbol covers the middle 60% of the other axis, as a label on a door pillar would.
      for (let q = Math.floor(across * 0.2); q < Math.floor(across * 0.8); q++) {
        const x = vertical ? q : p;
        const y = vertical ? p : q;
        const i = (y * width + x) * 4;
        const base = dark ? 30 : 225;
        const value = base + (random() - 0.5) * noise;
        data[i] = value;
        data[i + 1] = value;
        data[i + 2] = value;
      }
    }
    pos += w;
  }
  return { width, height, data };
}

describe('Code 39 patterns', () => {
  it('has 44 distinct patterns of 9 elements with exactly 3 wide', () => {
    const patterns = Object.values(CODE39_PATTERNS);
    expect(patterns).toHaveLength(44);
    expect(new Set(patterns).size).toBe(44);
    for (const p of patterns) expect(p.toString(2).split('').filter((b) => b === '1')).toHaveLength(3);
  });

  it('rejects widths that are not two clear classes', () => {
    expect(classifyElements([2, 2, 2, 2, 2, 2, 2, 2, 2])).toBeNull();
    expect(classifyElements([1, 3, 1, 1, 3, 1, 3, 1, 1])).toBe(CODE39_PATTERNS['*']);
  });
});

describe('scanCode39', () => {
  const VIN = '1FTFW1ET5DFC10312';

  it('reads a horizontal symbol', () => {
    expect(scanCode39(drawSymbol(VIN))).toBe(VIN);
  });

  it('reads a vertical symbol (label photographed sideways)', () => {
    expect(scanCode39(drawSymbol(VIN, { vertical: true }))).toBe(VIN);
  });

  it('reads an upside-down symbol, a 3:1 ratio and noisy pixels', () => {
    const image = drawSymbol('I15GGD2716D1182194', { narrow: 3, wide: 9, noise: 60 });
    const line = Array.from({ length: image.width }, (_, x) => image.data[(60 * image.width + x) * 4] ?? 0).reverse();
    expect(decodeCode39Line(line)).toBe('I15GGD2716D1182194');
    expect(scanCode39(image)).toBe('I15GGD2716D1182194');
  });

  it('finds nothing in a blank or striped image', () => {
    expect(scanCode39({ width: 50, height: 50, data: new Uint8ClampedArray(50 * 50 * 4).fill(255) })).toBeNull();
    const stripes = drawSymbol('', { narrow: 2, wide: 2 });
    expect(scanCode39(stripes)).toBeNull();
  });
});

describe('vinFromBarcode', () => {
  it('strips the import prefix I of an 18-character read and upper-cases', () => {
    expect(vinFromBarcode('I15GGD2716D1182194')).toBe('15GGD2716D1182194');
    expect(vinFromBarcode('15ggd2716d1182194')).toBe('15GGD2716D1182194');
  });

  it('finds a VIN inside longer 2D-code text and refuses anything else', () => {
    expect(vinFromBarcode('VIN:15GGD2716D1182194;MY2013')).toBe('15GGD2716D1182194');
    expect(vinFromBarcode('12345')).toBeNull();
    expect(vinFromBarcode('15GGD2716D118219O')).toBeNull();
  });
});
