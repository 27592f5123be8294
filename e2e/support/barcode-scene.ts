import { encodeCode39 } from './code39-encoder.ts';
import type { GrayImage } from './y4m.ts';

export interface SceneOptions {
  width?: number;
  height?: number;
  /** Pixels per narrow module. */
  module?: number;
  /** The label turned a quarter turn, as on a door pillar photographed upright. */
  vertical?: boolean;
  /** Seed of the sensor noise, so that frames differ a little. */
  seed?: number;
}

/**
 * A camera's view of a Code 39 label: a dim, unevenly lit background, a white label with the
 * bars, a slight blur and some sensor noise.
 */
export function code39Scene(
  text: string,
  { width = 1280, height = 720, module = 2, vertical = false, seed = 1 }: SceneOptions = {},
): GrayImage {
  const runs = encodeCode39(text).map((units) => units * module);
  const length = runs.reduce((a, b) => a + b, 0);
  const quiet = module * 12;
  const across = module * 60;
  // The label's box along the symbol (u) and across it (v), centred in the frame.
  const labelLength = length + quiet * 2;
  const [frameU, frameV] = vertical ? [height, width] : [width, height];
  if (labelLength > frameU) throw new Error(`the label (${String(labelLength)} px) does not fit the frame`);
  const u0 = Math.floor((frameU - labelLength) / 2);
  const v0 = Math.floor((frameV - across) / 2) - 20;
  const dark = new Uint8Array(labelLength);
  let pos = quiet;
  runs.forEach((w, i) => {
    if (i % 2 === 0) dark.fill(1, pos, pos + w);
    pos += w;
  });

  const sharp = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [u, v] = vertical ? [y, x] : [x, y];
      // Light falls off towards one corner.
      let value = 70 + Math.round((40 * (width - x)) / width);
      const onLabel = u >= u0 && u < u0 + labelLength && v >= v0 - 16 && v < v0 + across + 40;
      if (onLabel) value = 200 + Math.round((30 * x) / width);
      const inBars = u >= u0 && u < u0 + labelLength && v >= v0 && v < v0 + across;
      if (inBars && dark[u - u0] === 1) value = 35;
      sharp[y * width + x] = value;
    }
  }
  return { width, height, pixels: blurAndNoise(sharp, width, height, seed) };
}

/** A 3-pixel box blur across rows (lens softness) plus ±6 of deterministic noise. */
export function blurAndNoise(sharp: Uint8Array, width: number, height: number, seed: number): Uint8Array {
  const out = new Uint8Array(sharp.length);
  let state = seed * 7919 + 1;
  const noise = () => {
    state = (state * 48271) % 2147483647;
    return (state % 13) - 6;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const left = sharp[i - (x > 0 ? 1 : 0)] ?? 0;
      const right = sharp[i + (x < width - 1 ? 1 : 0)] ?? 0;
      const up = sharp[i - (y > 0 ? width : 0)] ?? 0;
      const down = sharp[i + (y < height - 1 ? width : 0)] ?? 0;
      const mean = ((sharp[i] ?? 0) * 2 + left + right + up + down) / 6;
      out[i] = Math.max(0, Math.min(255, Math.round(mean + noise())));
    }
  }
  return out;
}
