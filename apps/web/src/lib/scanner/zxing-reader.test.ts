/// <reference types="emscripten" />
import { prepareZXingModule as prepareWriter, writeBarcode, type WriterOptions } from 'zxing-wasm/writer';
import readerWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';
import writerWasm from 'zxing-wasm/writer/zxing_writer.wasm?url';
import { beforeAll, describe, expect, it } from 'vitest';
import { LABEL_READER_OPTIONS, loadZxingReader, type ImageReader } from './zxing-reader.ts';
import { vinFromBarcode } from './vin-from-barcode.ts';

interface FsLike {
  readFileSync(path: string): Uint8Array;
}

/**
 * The .wasm bytes behind a `?url` import: the test runner names the file as `/@fs/<path>` and has
 * no server to fetch it from, so it is read from disk (through Node, which the web types omit).
 */
function wasmBinary(url: string): ArrayBuffer {
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs = node?.getBuiltinModule?.('node:fs') as FsLike | undefined;
  if (!fs) throw new Error('these tests run in Node');
  return Uint8Array.from(fs.readFileSync(url.replace(/^\/@fs/, ''))).buffer;
}

/**
 * A camera-like frame of a symbol made by the writer (zint, not the reader's code): the symbol
 * scaled up on a grey background with a light margin, turned a quarter turn when `vertical`.
 */
async function frameOf(
  text: string,
  format: WriterOptions['format'],
  { vertical = false } = {},
): Promise<ImageData> {
  const { symbol, error } = await writeBarcode(text, { format, scale: 1 });
  if (error) throw new Error(error);
  const scale = 4;
  const margin = 40;
  const [w, h] = vertical ? [symbol.height, symbol.width] : [symbol.width, symbol.height];
  const width = w * scale + margin * 2;
  const height = h * scale + margin * 2;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [sx, sy] = [Math.floor((x - margin) / scale), Math.floor((y - margin) / scale)];
      const [u, v] = vertical ? [sy, w - 1 - sx] : [sx, sy];
      const inside = sx >= 0 && sy >= 0 && sx < w && sy < h;
      const value = inside ? ((symbol.data[v * symbol.width + u] ?? 255) < 128 ? 30 : 225) : 215;
      data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height, colorSpace: 'srgb' };
}

describe('the WebAssembly reader (ZXing-C++)', () => {
  let read: ImageReader;

  beforeAll(async () => {
    prepareWriter({ overrides: { wasmBinary: wasmBinary(writerWasm) } });
    read = await loadZxingReader({ wasmBinary: wasmBinary(readerWasm) });
  });

  it('reads a Code 39 VIN label, upright and sideways, with the import I', async () => {
    expect(await read(await frameOf('1FTFW1ET5DFC10312', 'Code39'))).toEqual(['1FTFW1ET5DFC10312']);
    const sideways = await read(await frameOf('I15GGD2716D1182194', 'Code39', { vertical: true }));
    expect(sideways).toEqual(['I15GGD2716D1182194']);
    expect(sideways.map(vinFromBarcode)).toEqual(['15GGD2716D1182194']);
  });

  it('reads a Data Matrix VIN label', async () => {
    expect(await read(await frameOf('1M8GDM9AXKP042788', 'DataMatrix'))).toEqual(['1M8GDM9AXKP042788']);
    expect(await read(await frameOf('3VV3B7AXXNM077525', 'DataMatrix', { vertical: true }))).toEqual([
      '3VV3B7AXXNM077525',
    ]);
  });

  it('reads a QR code that carries the VIN among other text', async () => {
    const texts = await read(await frameOf('VIN:JT2AE09W4P0038539;UNIT:4521', 'QRCode'));
    expect(texts).toEqual(['VIN:JT2AE09W4P0038539;UNIT:4521']);
    expect(texts.map(vinFromBarcode)).toEqual(['JT2AE09W4P0038539']);
  });

  it('reads no other symbology and nothing in a blank frame', async () => {
    expect(await read(await frameOf('1FTFW1ET5DFC10312', 'Code128'))).toEqual([]);
    const blank = new Uint8ClampedArray(200 * 100 * 4).fill(200);
    expect(await read({ data: blank, width: 200, height: 100, colorSpace: 'srgb' })).toEqual([]);
  });
});

describe('the same reader set for device labels', () => {
  let read: ImageReader;

  beforeAll(async () => {
    prepareWriter({ overrides: { wasmBinary: wasmBinary(writerWasm) } });
    read = await loadZxingReader({ wasmBinary: wasmBinary(readerWasm) }, LABEL_READER_OPTIONS);
  });

  it('reads Code 128, QR and Data Matrix device labels, upright or sideways', async () => {
    expect(await read(await frameOf('GPS-7F3A21', 'Code128'))).toEqual(['GPS-7F3A21']);
    expect(await read(await frameOf('TABLET-00412', 'Code128', { vertical: true }))).toEqual([
      'TABLET-00412',
    ]);
    expect(await read(await frameOf('RTR-IBR900-5521', 'QRCode'))).toEqual(['RTR-IBR900-5521']);
    expect(await read(await frameOf('APC-0091', 'DataMatrix'))).toEqual(['APC-0091']);
  });

  it('leaves Code 39 to the VIN reader', async () => {
    expect(await read(await frameOf('1FTFW1ET5DFC10312', 'Code39'))).toEqual([]);
  });
});
