import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { blurAndNoise } from './barcode-scene.ts';
import { writeFileAtomically, y4mVideo, type GrayImage } from './y4m.ts';

const WRITER_WASM = fileURLToPath(
  new URL('../../node_modules/zxing-wasm/dist/writer/zxing_writer.wasm', import.meta.url),
);

export type LabelFormat = 'Code128' | 'QRCode' | 'DataMatrix';

let prepared = false;

/** The symbol's modules (true: dark), drawn by the writer (zint), never by the app's reader. */
async function symbolOf(text: string, format: LabelFormat) {
  if (!prepared) {
    prepareZXingModule({ overrides: { wasmBinary: Uint8Array.from(readFileSync(WRITER_WASM)).buffer } });
    prepared = true;
  }
  const { symbol, error } = await writeBarcode(text, { format, scale: 1 });
  if (error) throw new Error(`the writer could not draw ${text}: ${error}`);
  return symbol;
}

/**
 * A camera's view of a device label: a dim background, a white label carrying the symbol (a
 * linear code drawn as bars 150 px tall), lens blur and sensor noise.
 */
async function labelScene(text: string, format: LabelFormat, seed: number): Promise<GrayImage> {
  const symbol = await symbolOf(text, format);
  const [width, height] = [1280, 720];
  const module = format === 'Code128' ? 3 : 8;
  const linear = format === 'Code128';
  const symbolW = symbol.width * module;
  const symbolH = linear ? 150 : symbol.height * module;
  const x0 = Math.floor((width - symbolW) / 2);
  const y0 = Math.floor((height - symbolH) / 2);
  const margin = 40;
  const sharp = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let value = 70 + Math.round((40 * (width - x)) / width);
      const onLabel =
        x >= x0 - margin && x < x0 + symbolW + margin && y >= y0 - margin && y < y0 + symbolH + margin;
      if (onLabel) value = 215;
      const sx = Math.floor((x - x0) / module);
      const sy = linear ? 0 : Math.floor((y - y0) / module);
      const inSymbol = x >= x0 && x < x0 + symbolW && y >= y0 && y < y0 + symbolH;
      if (inSymbol && (symbol.data[sy * symbol.width + sx] ?? 255) < 128) value = 35;
      sharp[y * width + x] = value;
    }
  }
  return { width, height, pixels: blurAndNoise(sharp, width, height, seed) };
}

/** Writes a short looping video of a device label for the fake camera and returns its path. */
export async function labelVideo(
  name: string,
  text: string,
  format: LabelFormat = 'Code128',
): Promise<string> {
  const dir = path.join(tmpdir(), 'installer-e2e-camera');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.y4m`);
  const frames = [await labelScene(text, format, 1), await labelScene(text, format, 2)];
  writeFileAtomically(file, y4mVideo(frames));
  return file;
}
