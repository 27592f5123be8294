import { z } from 'zod';
import { rawText } from './primitives.ts';
import { VIN_LENGTH } from './constants.ts';

export const VIN_MESSAGES = {
  length: 'VIN must be exactly 17 characters',
  invalid: 'Invalid VIN (17 chars, no I/O/Q)',
  valid: 'Valid VIN format',
  enterValid: 'Please enter a valid 17-character VIN.',
  checkDigit: 'Check digit does not match: a character may be mistyped',
} as const;

export const VIN_DECODE_MESSAGES = {
  length: 'VIN must be exactly 17 characters long',
  noData: 'No vehicle data found for this VIN',
  incomplete: 'Incomplete vehicle information from VIN',
  failed: 'Failed to decode VIN',
} as const;

export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Upper-cases and strips spaces, as the VIN field does on entry. */
export function normalizeVin(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

export function isVinFormatValid(vin: string): boolean {
  return VIN_PATTERN.test(vin);
}

/** The 9th-position check digit of 49 CFR 565.15, or null if the VIN has a character with no value. */
export function computeVinCheckDigit(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return null;
  let total = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const ch = vin.charAt(i);
    const value = /[0-9]/.test(ch) ? Number(ch) : TRANSLITERATION[ch];
    if (value === undefined) return null;
    total += value * (WEIGHTS[i] ?? 0);
  }
  const remainder = total % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

export function hasValidCheckDigit(vin: string): boolean {
  const expected = computeVinCheckDigit(vin);
  return expected !== null && vin.charAt(8) === expected;
}

type VinCheck =
  | { state: 'empty' }
  | { state: 'error'; message: string }
  | { state: 'valid'; message: string; checkDigitOk: boolean; warning: string | null };

/** Real-time VIN feedback as the editor shows it (§5), plus the check-digit warning. */
export function checkVin(raw: string): VinCheck {
  const vin = normalizeVin(raw);
  if (vin.length === 0) return { state: 'empty' };
  if (vin.length !== VIN_LENGTH) return { state: 'error', message: VIN_MESSAGES.length };
  if (!isVinFormatValid(vin)) return { state: 'error', message: VIN_MESSAGES.invalid };
  const checkDigitOk = hasValidCheckDigit(vin);
  return {
    state: 'valid',
    message: VIN_MESSAGES.valid,
    checkDigitOk,
    warning: checkDigitOk ? null : VIN_MESSAGES.checkDigit,
  };
}

export const VinSchema = z
  .string()
  .transform(normalizeVin)
  .pipe(z.string().length(VIN_LENGTH, VIN_MESSAGES.length).regex(VIN_PATTERN, VIN_MESSAGES.invalid));

export const VinParamSchema = z.object({
  vin: rawText()
    .max(100, VIN_DECODE_MESSAGES.length)
    .transform(normalizeVin)
    .pipe(z.string().length(VIN_LENGTH, VIN_DECODE_MESSAGES.length)),
});

export const VinDecodeResultSchema = z.object({
  vin: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  vehicleType: z.string().nullable(),
  bodyClass: z.string().nullable(),
  fuelType: z.string().nullable(),
  isValid: z.boolean(),
  errorMessage: z.string().nullable(),
  checkDigitValid: z.boolean(),
  /** 'vpic' when the public service answered, 'offline' when decoded from the built-in tables. */
  source: z.enum(['vpic', 'offline']),
});
export type VinDecodeResult = z.infer<typeof VinDecodeResultSchema>;
