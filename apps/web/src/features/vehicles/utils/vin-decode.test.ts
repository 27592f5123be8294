import type { VinDecodeResult } from '@toolkit/contracts/vin.ts';
import { describe, expect, it } from 'vitest';
import { decodeFailure, decodePrecheck, interpretDecode } from './vin-decode.ts';

const base: VinDecodeResult = {
  vin: '15GGD2716D1182194',
  make: null,
  model: null,
  year: null,
  vehicleType: null,
  bodyClass: null,
  fuelType: null,
  isValid: false,
  errorMessage: null,
  checkDigitValid: true,
  source: 'vpic',
};

describe('VIN decode messages (§8)', () => {
  it('refuses a VIN of the wrong length before calling', () => {
    expect(decodePrecheck('15GGD')).toMatchObject({
      message: 'VIN must be exactly 17 characters long',
      toast: { title: 'VIN Decode Failed' },
    });
    expect(decodePrecheck('15GGD2716D1182194')).toBeNull();
  });

  it('reports no data, incomplete data, the service text and full data', () => {
    expect(interpretDecode(base)).toMatchObject({
      message: 'No vehicle data found for this VIN',
      tone: 'error',
      toast: { title: 'VIN Decode Failed' },
    });
    expect(interpretDecode({ ...base, errorMessage: '11 - Incorrect Model Year' })).toMatchObject({
      message: '11 - Incorrect Model Year',
    });
    const offline = interpretDecode({
      ...base,
      make: 'GILLIG',
      year: 2013,
      source: 'offline',
      errorMessage: 'Incomplete vehicle information from VIN',
    });
    expect(offline).toMatchObject({
      fill: { make: 'GILLIG', year: '2013' },
      message: 'Incomplete vehicle information from VIN: the model was not found, please enter it.',
      tone: 'warning',
      offline: true,
      toast: null,
    });
    expect(
      interpretDecode({ ...base, make: 'GILLIG', model: 'Low Floor', year: 2013, isValid: true }),
    ).toMatchObject({
      message: 'Decoded: 2013 GILLIG Low Floor',
      tone: 'success',
    });
  });

  it('never calls a decode that found make, model and year incomplete', () => {
    const full = interpretDecode({
      ...base,
      make: 'GILLIG',
      model: 'Low Floor',
      year: 2013,
      errorMessage: 'Incomplete vehicle information from VIN',
    });
    expect(full).toMatchObject({ message: 'Decoded: 2013 GILLIG Low Floor', tone: 'success' });
    expect(interpretDecode({ ...base, model: 'Low Floor' }).message).toBe(
      'Incomplete vehicle information from VIN: the make and year were not found, please enter them.',
    );
  });

  it('shows the server message of a 400 and "Failed to decode VIN" otherwise', () => {
    expect(
      decodeFailure(new Error('400: {"code":"INVALID_VIN","message":"Invalid VIN (17 chars, no I/O/Q)"}')),
    ).toMatchObject({
      message: 'Invalid VIN (17 chars, no I/O/Q)',
      toast: { title: 'VIN Decode Failed' },
    });
    expect(decodeFailure(new TypeError('Failed to fetch'))).toMatchObject({
      message: 'Failed to decode VIN',
      toast: { title: 'Decode Error' },
    });
  });
});
