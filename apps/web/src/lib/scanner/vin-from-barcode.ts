import { VIN_LENGTH } from '@toolkit/contracts/constants.ts';
import { checkVin, hasValidCheckDigit, normalizeVin } from '@toolkit/contracts/vin.ts';

/** 17 VIN characters standing alone (not part of a longer run of letters and digits). */
const VIN_IN_TEXT = /(?<![A-Z0-9])[A-HJ-NPR-Z0-9]{17}(?![A-Z0-9])/g;

/**
 * The VIN carried by a barcode, or null. A Code 39 VIN label of 18 characters starting with 'I'
 * (the "import" prefix) loses the 'I'; 2D codes may carry the VIN inside longer text.
 * Only a VIN that passes the editor's format check is returned.
 */
export function vinFromBarcode(raw: string): string | null {
  let text = normalizeVin(raw);
  if (text.length === VIN_LENGTH + 1 && text.startsWith('I')) text = text.slice(1);
  if (checkVin(text).state === 'valid') return text;
  for (const match of text.matchAll(VIN_IN_TEXT)) {
    if (checkVin(match[0]).state === 'valid') return match[0];
  }
  return null;
}

/**
 * Guards against a misread: a VIN whose check digit holds is taken at once; any other (a misread
 * bar, or an import VIN without a check digit) only when the next read gives the same VIN.
 */
export function createVinConfirmer(): (vin: string) => boolean {
  let previous: string | null = null;
  return (vin) => {
    if (hasValidCheckDigit(vin)) return true;
    const confirmed = previous === vin;
    previous = vin;
    return confirmed;
  };
}
