import { scanCode39 } from './scan-image.ts';

/** The formats a VIN label uses: Code 39 (often with a leading I), Data Matrix, QR. */
export const VIN_BARCODE_FORMATS = ['code_39', 'data_matrix', 'qr_code'] as const;

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

export interface BarcodeReader {
  kind: 'native' | 'code39';
  /** The text of a barcode in the current video frame, or null. */
  read(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<string | null>;
}

/** Frames are read at most this wide: enough for a VIN label, cheap on a phone. */
const MAX_FRAME_WIDTH = 1280;

function frameToCanvas(video: HTMLVideoElement, canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  const { videoWidth, videoHeight } = video;
  if (videoWidth === 0 || videoHeight === 0) return null;
  const scale = Math.min(1, MAX_FRAME_WIDTH / videoWidth);
  canvas.width = Math.round(videoWidth * scale);
  canvas.height = Math.round(videoHeight * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return context;
}

/** The pure-JS reader: Code 39 along several horizontal and vertical lines of the frame. */
export const code39Reader: BarcodeReader = {
  kind: 'code39',
  read: (video, canvas) => {
    const context = frameToCanvas(video, canvas);
    if (!context) return Promise.resolve(null);
    return Promise.resolve(scanCode39(context.getImageData(0, 0, canvas.width, canvas.height)));
  },
};

/** The browser's BarcodeDetector when it reads at least one VIN format, else the Code 39 reader. */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return code39Reader;
  try {
    const supported = (await Detector.getSupportedFormats?.()) ?? [...VIN_BARCODE_FORMATS];
    const formats = VIN_BARCODE_FORMATS.filter((f) => supported.includes(f));
    if (formats.length === 0) return code39Reader;
    const detector = new Detector({ formats });
    return {
      kind: 'native',
      read: async (video, canvas) => {
        const found = await detector.detect(video);
        if (found[0]) return found[0].rawValue;
        // No native Code 39 support: still try the built-in reader on the same frame.
        return formats.includes('code_39') ? null : code39Reader.read(video, canvas);
      },
    };
  } catch {
    return code39Reader;
  }
}
