/// <reference types="emscripten" />
import {
  prepareZXingModule,
  purgeZXingModule,
  readBarcodes,
  type ReaderOptions,
  type ZXingModuleOverrides,
} from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The WebAssembly reader (ZXing-C++), for browsers without a BarcodeDetector that reads VIN
 * labels. This module is only ever imported dynamically: its code and the .wasm (about 1 MB) are
 * fetched when the scanner opens, never with the first page.
 */

/** The .wasm comes from this app's own build output, never from a CDN. */
export const OWN_WASM: ZXingModuleOverrides = {
  locateFile: (path, prefix) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
};

/** VIN labels: Code 39 (with or without the import 'I'), Data Matrix and QR, in any orientation. */
const VIN_READER_OPTIONS: ReaderOptions = {
  formats: ['Code39', 'DataMatrix', 'QRCode'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  maxNumberOfSymbols: 4,
};

/** Device labels (GPS units, tablets, routers): Code 128, QR and Data Matrix, in any orientation. */
export const LABEL_READER_OPTIONS: ReaderOptions = {
  ...VIN_READER_OPTIONS,
  formats: ['Code128', 'QRCode', 'DataMatrix'],
};

/** The reader's options for each purpose of barcode-reader.ts. */
export const READER_OPTIONS = { vin: VIN_READER_OPTIONS, label: LABEL_READER_OPTIONS } as const;

export type ImageReader = (image: ImageData) => Promise<string[]>;

/**
 * Fetches and compiles the WebAssembly module, then returns a reader of frames. Rejects when it
 * cannot be had (offline before the scanner was first used, or WebAssembly not allowed), so that
 * the caller can fall back to the built-in Code 39 reader.
 */
export async function loadZxingReader(
  overrides: ZXingModuleOverrides = OWN_WASM,
  options: ReaderOptions = VIN_READER_OPTIONS,
): Promise<ImageReader> {
  try {
    await prepareZXingModule({ overrides, fireImmediately: true });
  } catch (error) {
    // Forget the failed attempt, so that the next scan tries again (e.g. back online).
    purgeZXingModule();
    throw error;
  }
  return async (image) => {
    const results = await readBarcodes(image, options);
    return results.filter((r) => r.isValid && r.text !== '').map((r) => r.text);
  };
}
