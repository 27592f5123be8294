import { VIN_LENGTH } from '@toolkit/contracts/constants.ts';
import {
  VIN_DECODE_MESSAGES,
  VIN_MESSAGES,
  checkVin,
  normalizeVin,
  type VinDecodeResult,
} from '@toolkit/contracts/vin.ts';
import type { ToastInput } from '../../../lib/toast-store.ts';
import { errorMessage, errorStatus } from '../../../lib/api-error.ts';

const DECODE_TOASTS = { failed: 'VIN Decode Failed', error: 'Decode Error' } as const;
export const DECODED_OFFLINE =
  'Decoded offline from built-in tables: the vehicle database service could not be reached.';

export interface DecodeOutcome {
  /** Values to put into the form (only those the result carries). */
  fill: { make?: string; model?: string; year?: string };
  message: string;
  tone: 'success' | 'warning' | 'error';
  toast: ToastInput | null;
  offline: boolean;
}

function failure(message: string, title: string): DecodeOutcome {
  return {
    fill: {},
    message,
    tone: 'error',
    toast: { title, description: message, variant: 'destructive' },
    offline: false,
  };
}

/** Why a VIN cannot be sent for decoding, or null when it can. */
export function decodePrecheck(raw: string): DecodeOutcome | null {
  const vin = normalizeVin(raw);
  if (vin.length !== VIN_LENGTH) return failure(VIN_DECODE_MESSAGES.length, DECODE_TOASTS.failed);
  if (checkVin(vin).state !== 'valid') return failure(VIN_MESSAGES.enterValid, DECODE_TOASTS.failed);
  return null;
}

/** §8: what the editor shows for a decode answer. */
export function interpretDecode(result: VinDecodeResult): DecodeOutcome {
  const offline = result.source === 'offline';
  const fill: DecodeOutcome['fill'] = {};
  if (result.make) fill.make = result.make;
  if (result.model) fill.model = result.model;
  if (result.year !== null) fill.year = String(result.year);
  const found = Object.keys(fill).length;
  if (found === 0) {
    return { ...failure(result.errorMessage ?? VIN_DECODE_MESSAGES.noData, DECODE_TOASTS.failed), offline };
  }
  if (found < 3) {
    const missing = (['make', 'model', 'year'] as const).filter((k) => fill[k] === undefined);
    const what = missing.length === 1 ? `the ${missing.join('')} was` : `the ${missing.join(' and ')} were`;
    return {
      fill,
      message: `${VIN_DECODE_MESSAGES.incomplete}: ${what} not found, please enter ${missing.length === 1 ? 'it' : 'them'}.`,
      tone: 'warning',
      toast: null,
      offline,
    };
  }
  const summary = `Decoded: ${[fill.year, fill.make, fill.model].join(' ')}`;
  // All three were found: an 'incomplete' note from the service no longer applies.
  if (result.errorMessage && result.errorMessage !== VIN_DECODE_MESSAGES.incomplete)
    return { fill, message: `${summary}. ${result.errorMessage}`, tone: 'warning', toast: null, offline };
  return { fill, message: summary, tone: 'success', toast: null, offline };
}

/** §8: a refused VIN (400) shows the service's text; anything else 'Failed to decode VIN'. */
export function decodeFailure(error: unknown): DecodeOutcome {
  if (errorStatus(error) === 400)
    return failure(errorMessage(error, VIN_DECODE_MESSAGES.failed), DECODE_TOASTS.failed);
  return failure(VIN_DECODE_MESSAGES.failed, DECODE_TOASTS.error);
}
