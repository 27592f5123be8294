import type { RefObject } from 'react';
import { useBarcodeScan, type FrameMatcher } from './use-barcode-scan.ts';

/** The first text of a frame, accepted when the frame before read the same (a misread never counts). */
function createLabelMatcher(): FrameMatcher {
  let last = '';
  return (texts) => {
    const text = texts.map((t) => t.trim()).find((t) => t !== '');
    if (text !== undefined && text === last) return text;
    last = text ?? '';
    return null;
  };
}

/**
 * Reads video frames with the shared barcode reader set for device labels (Code 128, QR, Data
 * Matrix) until a label gives a text, the same text twice in a row so that a misread never counts.
 */
export function useLabelScan(
  videoRef: RefObject<HTMLVideoElement | null>,
  ready: boolean,
  onText: (text: string) => void,
) {
  return useBarcodeScan(videoRef, ready, 'label', createLabelMatcher, onText);
}
