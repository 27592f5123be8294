import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import { createBarcodeReader, type ReaderKind } from '../../vehicles/index.ts';

const SCAN_INTERVAL_MS = 200;

/**
 * Reads video frames with the shared barcode reader set for device labels (Code 128, QR, Data
 * Matrix) until a label gives a text, the same text twice in a row so that a misread never counts.
 */
export function useLabelScan(
  videoRef: RefObject<HTMLVideoElement | null>,
  ready: boolean,
  onText: (text: string) => void,
) {
  const [reader, setReader] = useState<ReaderKind | null>(null);
  const found = useEffectEvent(onText);

  useEffect(() => {
    if (!ready) return;
    const run = { stopped: false, last: '' };
    const stopped = () => run.stopped;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    void createBarcodeReader('label').then((barcodeReader) => {
      if (stopped()) return;
      setReader(barcodeReader.kind);
      const tick = async () => {
        const video = videoRef.current;
        if (stopped() || !video) return;
        const texts = await barcodeReader.read(video, canvas).catch(() => []);
        if (stopped()) return;
        const text = texts.map((t) => t.trim()).find((t) => t !== '');
        if (text !== undefined && text === run.last) return found(text);
        run.last = text ?? '';
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    });
    return () => {
      run.stopped = true;
      clearTimeout(timer);
    };
  }, [ready, videoRef]);

  return { reader };
}
