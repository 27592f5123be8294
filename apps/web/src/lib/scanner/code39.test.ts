import { describe, expect, it } from 'vitest';
import { CODE39_PATTERNS, classifyElements } from './code39.ts';
import { decodeCode39Line } from './line-reader.ts';
import { scanCode39, type PixelBuffer } from './scan-image.ts';
import { createVinConfirmer, vinFromBarcode } from './vin-from-barcode.ts';

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
function drawSymbol(
  text: string,
  { narrow = 2, wide = 5, vertical = false, noise = 0, offset = 30 } = {},
): PixelBuffer {
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

/** Bilinear sample of the red channel at (u, v); a grey 110 outside, like the rest of a scene. */
function smooth(image: PixelBuffer, u: number, v: number): number {
  const at = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < image.width && y < image.height
      ? (image.data[(y * image.width + x) * 4] ?? 0)
      : 110;
  const [x0, y0] = [Math.floor(u), Math.floor(v)];
  const [fx, fy] = [u - x0, v - y0];
  const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
  const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/** The image turned by `degrees` about its centre onto a grey frame, with light falling off by `shadow` to the right. */
function turn(image: PixelBuffer, degrees: number, shadow = 0): PixelBuffer {
  const size = Math.ceil(Math.hypot(image.width, image.height));
  const data = new Uint8ClampedArray(size * size * 4);
  const [c, s] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [dx, dy] = [x - size / 2, y - size / 2];
      const [u, v] = [c * dx + s * dy + image.width / 2, -s * dx + c * dy + image.height / 2];
      const value = smooth(image, u, v) * (1 - (shadow * x) / size);
      data.set([value, value, value, 255], (y * size + x) * 4);
    }
  }
  return { width: size, height: size, data };
}

describe('Code 39 patterns', () => {
  it('has 44 distinct patterns of 9 elements with exactly 3 wide', () => {
    const patterns = Object.values(CODE39_PATTERNS);
    expect(patterns).toHaveLength(44);
    expect(new Set(patterns).size).toBe(44);
    for (const p of patterns)
      expect(
        p
          .toString(2)
          .split('')
          .filter((b) => b === '1'),
      ).toHaveLength(3);
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
    const line = Array.from(
      { length: image.width },
      (_, x) => image.data[(60 * image.width + x) * 4] ?? 0,
    ).reverse();
    expect(decodeCode39Line(line)).toBe('I15GGD2716D1182194');
    expect(scanCode39(image)).toBe('I15GGD2716D1182194');
  });

  it('reads a label tilted either way, as a hand-held phone holds it', () => {
    for (const degrees of [7, -12, 17, 84, 101])
      expect({ degrees, text: scanCode39(turn(drawSymbol(VIN), degrees)) }).toEqual({ degrees, text: VIN });
  });

  it('reads a label in shadow at one end (adaptive threshold)', () => {
    const shaded = turn(drawSymbol(VIN, { noise: 20 }), 0, 0.55);
    expect(scanCode39(shaded)).toBe(VIN);
  });

  it('finds nothing in a blank or striped image', () => {
    expect(
      scanCode39({ width: 50, height: 50, data: new Uint8ClampedArray(50 * 50 * 4).fill(255) }),
    ).toBeNull();
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

describe('createVinConfirmer', () => {
  it('takes a VIN with a good check digit at once, any other only when read again', () => {
    const confirm = createVinConfirmer();
    expect(confirm('15GGD2716D1182194')).toBe(true);
    // The same VIN with one bar misread: its check digit no longer holds.
    expect(confirm('15GGD2716D1182184')).toBe(false);
    expect(confirm('15GGD2716D1182134')).toBe(false);
    expect(confirm('15GGD2716D1182134')).toBe(true);
  });
});
