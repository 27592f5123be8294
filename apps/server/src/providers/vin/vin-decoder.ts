import { VIN_DECODE_MESSAGES, hasValidCheckDigit, type VinDecodeResult } from '@toolkit/contracts/vin.ts';
import { makeFromWmi, yearFromVin } from './wmi.ts';

export interface VinCache {
  get(vin: string): Promise<VinDecodeResult | null>;
  set(vin: string, result: VinDecodeResult): Promise<void>;
}

export interface VinDecoder {
  /** Decodes a VIN already checked for format: the public service first, the built-in tables when it cannot be reached. */
  decode(vin: string): Promise<VinDecodeResult>;
}

interface VinDecoderOptions {
  baseUrl: string;
  timeoutMs: number;
  cache: VinCache;
  fetch?: typeof fetch;
}

/** Thrown when the service answered but its answer cannot be used (the route says 'Failed to decode VIN'). */
export class VinServiceError extends Error {
  override readonly name = 'VinServiceError';
}

type VpicRow = Record<string, string | null | undefined>;

/** vPIC leaves empty strings (and sometimes "Not Applicable") for what it does not know; values may carry trailing spaces. */
function field(row: VpicRow, key: string): string | null {
  const raw = row[key];
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  return value === '' || value === 'Not Applicable' ? null : value;
}

/** DecodeVin answers one row per variable ("Variable", "Value"); these are the names of the flat keys. */
const VARIABLE_KEYS: Readonly<Record<string, string>> = {
  Make: 'Make',
  Model: 'Model',
  'Model Year': 'ModelYear',
  'Vehicle Type': 'VehicleType',
  'Body Class': 'BodyClass',
  'Fuel Type - Primary': 'FuelTypePrimary',
  'Error Code': 'ErrorCode',
  'Error Text': 'ErrorText',
};

/**
 * The first decoded vehicle of any vPIC decode answer: DecodeVinValues (flat), its Extended and
 * Batch forms (first result), and DecodeVin (unflattened Variable/Value rows, old and new format).
 */
function firstVpicRow(answer: unknown): VpicRow | null {
  const results =
    typeof answer === 'object' && answer !== null && 'Results' in answer && Array.isArray(answer.Results)
      ? (answer.Results as unknown[])
      : null;
  if (!results) throw new VinServiceError('The VIN service answered without Results');
  const rows = results.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
  if (rows.length > 0 && rows.every((r) => 'Variable' in r && 'Value' in r)) {
    const flat: VpicRow = {};
    for (const r of rows) {
      const key = typeof r.Variable === 'string' ? VARIABLE_KEYS[r.Variable] : undefined;
      if (key) flat[key] = typeof r.Value === 'string' ? r.Value : null;
    }
    return flat;
  }
  const first = rows[0];
  if (!first) return null;
  return Object.fromEntries(Object.entries(first).map(([k, v]) => [k, typeof v === 'string' ? v : null]));
}

/**
 * The codes of ErrorCode: a list ("1,7,400") or, in the old format, a code followed by its text
 * ("0 - VIN decoded clean. ...", "11- Incorrect Model Year, ...").
 */
export function errorCodes(errorCode: string | null): string[] {
  if (!errorCode) return [];
  return errorCode.split(',').flatMap((part) => {
    const m = /^\s*(\d+)\s*(-|$)/.exec(part);
    return m?.[1] ? [m[1]] : [];
  });
}

/** Reads the first result of a vPIC decode answer into the product's decode result. */
export function readVpicAnswer(vin: string, answer: unknown): VinDecodeResult {
  const row = firstVpicRow(answer);
  const checkDigitValid = hasValidCheckDigit(vin);
  const base = {
    vin,
    make: null,
    model: null,
    year: null,
    vehicleType: null,
    bodyClass: null,
    fuelType: null,
    checkDigitValid,
    source: 'vpic' as const,
  };
  if (!row) return { ...base, isValid: false, errorMessage: VIN_DECODE_MESSAGES.noData };
  const yearText = field(row, 'ModelYear');
  const year = yearText && /^\d{4}$/.test(yearText) ? Number(yearText) : null;
  const decoded = {
    ...base,
    make: field(row, 'Make'),
    model: field(row, 'Model'),
    year,
    vehicleType: field(row, 'VehicleType'),
    bodyClass: field(row, 'BodyClass'),
    fuelType: field(row, 'FuelTypePrimary'),
  };
  const rawCode = field(row, 'ErrorCode');
  const codes = errorCodes(rawCode);
  const clean = codes.every((c) => c === '0');
  // The old format has no ErrorText: its ErrorCode carries the words.
  const serviceText = field(row, 'ErrorText') ?? (rawCode && /[A-Za-z]/.test(rawCode) ? rawCode : null);
  if (!decoded.make && !decoded.model && decoded.year === null) {
    return {
      ...decoded,
      isValid: false,
      errorMessage: !clean && serviceText ? serviceText : VIN_DECODE_MESSAGES.noData,
    };
  }
  if (!decoded.make || !decoded.model || decoded.year === null) {
    return { ...decoded, isValid: false, errorMessage: VIN_DECODE_MESSAGES.incomplete };
  }
  // A usable decode that still carries a warning (a bad check digit comes with a Make): keep the data, show the service's words.
  return { ...decoded, isValid: true, errorMessage: clean ? null : serviceText };
}

/** What can be known without the service: the maker from the WMI, the model year, the check digit. */
export function decodeOffline(vin: string, now: Date = new Date()): VinDecodeResult {
  const make = makeFromWmi(vin);
  const year = yearFromVin(vin, now);
  return {
    vin,
    make,
    model: null,
    year,
    vehicleType: null,
    bodyClass: null,
    fuelType: null,
    isValid: false,
    errorMessage: make ? VIN_DECODE_MESSAGES.incomplete : VIN_DECODE_MESSAGES.failed,
    checkDigitValid: hasValidCheckDigit(vin),
    source: 'offline',
  };
}

export function createVinDecoder(options: VinDecoderOptions): VinDecoder {
  const fetchImpl = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const inFlight = new Map<string, Promise<VinDecodeResult>>();

  async function fromService(vin: string): Promise<VinDecodeResult | null> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}/vehicles/DecodeVinValues/${encodeURIComponent(vin)}?format=json`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      return null; // unreachable or too slow: decode offline
    }
    if (response.status >= 500) return null;
    if (!response.ok) throw new VinServiceError(`The VIN service answered ${String(response.status)}`);
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw new VinServiceError('The VIN service answered something that is not JSON');
    }
    return readVpicAnswer(vin, answer);
  }

  async function decode(vin: string): Promise<VinDecodeResult> {
    const cached = await options.cache.get(vin);
    if (cached) return cached;
    const result = await fromService(vin);
    if (!result) return decodeOffline(vin);
    await options.cache.set(vin, result);
    return result;
  }

  return {
    decode(vin) {
      const running = inFlight.get(vin);
      if (running) return running;
      const p = decode(vin).finally(() => inFlight.delete(vin));
      inFlight.set(vin, p);
      return p;
    },
  };
}
