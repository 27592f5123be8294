import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import {
  createBarcodeReader,
  type BarcodePurpose,
  type ReaderKind,
} from '../../lib/scanner/barcode-reader.ts';

const SCAN_INTERVAL_MS = 200;

/** Reads the texts of one frame; returns the text found (the scan stops) or null (it goes on). */
export type FrameMatcher = (texts: string[]) => string | null;

/**
 * Reads video frames with the barcode reader for `purpose` every 200 ms once the camera is ready,
 * until the matcher (made afresh for each scan, so that it may remember earlier frames) finds a text.
 */
export function useBarcodeScan(
  videoRef: RefObject<HTMLVideoElement | null>,
  ready: boolean,
  purpose: BarcodePurpose,
  createMatcher: () => FrameMatcher,
  onFound: (text: string) => void,
) {
  const [reader, setReader] = useState<ReaderKind | null>(null);
  const start = useEffectEvent(createMatcher);
  const found = useEffectEvent(onFound);

  useEffect(() => {
    if (!ready) return;
    const run = { stopped: false };
    const stopped = () => run.stopped;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    const match = start();
    void createBarcodeReader(purpose).then((barcodeReader) => {
      if (stopped()) return;
      setReader(barcodeReader.kind);
      const tick = async () => {
        const video = videoRef.current;
        if (stopped() || !video) return;
        const texts = await barcodeReader.read(video, canvas).catch(() => []);
        if (stopped()) return;
        const text = match(texts);
        if (text !== null) return found(text);
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    });
    return () => {
      run.stopped = true;
      clearTimeout(timer);
    };
  }, [ready, videoRef, purpose]);

  return { reader };
}
