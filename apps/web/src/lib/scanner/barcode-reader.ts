import { scanCode39 } from './scan-image.ts';

/** The formats a VIN label uses: Code 39 (often with a leading I), Data Matrix, QR. */
const VIN_BARCODE_FORMATS = ['code_39', 'data_matrix', 'qr_code'] as const;
/** The formats of device labels (GPS units, tablets, routers): Code 128, QR, Data Matrix. */
const LABEL_BARCODE_FORMATS = ['code_128', 'qr_code', 'data_matrix'] as const;

/** What the reader looks for: a VIN label, or a device's label. */
export type BarcodePurpose = 'vin' | 'label';

const PURPOSE_FORMATS: Readonly<Record<BarcodePurpose, readonly string[]>> = {
  vin: VIN_BARCODE_FORMATS,
  label: LABEL_BARCODE_FORMATS,
};

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/**
 * native: the browser's BarcodeDetector; wasm: ZXing-C++ compiled to WebAssembly; code39: the
 * built-in Code 39 reader alone (WebAssembly could not be loaded).
 */
export type ReaderKind = 'native' | 'wasm' | 'code39';

interface BarcodeReader {
  kind: ReaderKind;
  /** The texts of the barcodes in the current video frame (none: an empty list). */
  read(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<string[]>;
}

/** Frames are read at most this wide: enough for a VIN label, cheap on a phone. */
const MAX_FRAME_WIDTH = 1280;

function frameImage(video: HTMLVideoElement, canvas: HTMLCanvasElement): ImageData | null {
  const { videoWidth, videoHeight } = video;
  if (videoWidth === 0 || videoHeight === 0) return null;
  const scale = Math.min(1, MAX_FRAME_WIDTH / videoWidth);
  canvas.width = Math.round(videoWidth * scale);
  canvas.height = Math.round(videoHeight * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

const code39Texts = (image: ImageData): string[] => {
  const text = scanCode39(image);
  return text === null ? [] : [text];
};

/** The pure-JS reader: Code 39 along rows, columns and tilted lines of the frame. */
const code39Reader: BarcodeReader = {
  kind: 'code39',
  read: (video, canvas) => {
    const image = frameImage(video, canvas);
    return Promise.resolve(image ? code39Texts(image) : []);
  },
};

async function wasmReader(purpose: BarcodePurpose): Promise<BarcodeReader> {
  const { loadZxingReader, OWN_WASM, READER_OPTIONS } = await import('./zxing-reader.ts');
  const readImage = await loadZxingReader(OWN_WASM, READER_OPTIONS[purpose]);
  return {
    kind: 'wasm',
    read: async (video, canvas) => {
      const image = frameImage(video, canvas);
      if (!image) return [];
      const texts = await readImage(image);
      // ZXing reads rows and columns only; the built-in reader also follows tilted VIN lines.
      return texts.length > 0 || purpose !== 'vin' ? texts : code39Texts(image);
    },
  };
}

async function nativeFormats(Detector: BarcodeDetectorClass, wanted: readonly string[]): Promise<string[]> {
  try {
    const supported = (await Detector.getSupportedFormats?.()) ?? [...wanted];
    return wanted.filter((f) => supported.includes(f));
  } catch {
    return [];
  }
}

function nativeReader(Detector: BarcodeDetectorClass, formats: string[]): BarcodeReader {
  const detector = new Detector({ formats });
  return {
    kind: 'native',
    read: async (video, canvas) => {
      const found = await detector.detect(video);
      if (found.length > 0) return found.map((b) => b.rawValue);
      // No native Code 39: still try the built-in reader on the same frame.
      return formats.includes('code_39') ? [] : code39Reader.read(video, canvas);
    },
  };
}

/**
 * The browser's BarcodeDetector when it reads all the formats of the purpose (VIN labels by
 * default); else the WebAssembly reader; else whatever the BarcodeDetector reads plus the built-in
 * Code 39 reader.
 */
export async function createBarcodeReader(purpose: BarcodePurpose = 'vin'): Promise<BarcodeReader> {
  const wanted = PURPOSE_FORMATS[purpose];
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  const formats = Detector ? await nativeFormats(Detector, wanted) : [];
  if (Detector && formats.length === wanted.length) return nativeReader(Detector, formats);
  try {
    return await wasmReader(purpose);
  } catch {
    return Detector && formats.length > 0 ? nativeReader(Detector, formats) : code39Reader;
  }
}
