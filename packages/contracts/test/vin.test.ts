import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  VIN_MESSAGES,
  VinSchema,
  checkVin,
  computeVinCheckDigit,
  hasValidCheckDigit,
  isVinFormatValid,
  normalizeVin,
} from '../src/vin.ts';

/** 384 VINs from public test suites (../shared/data/vins.csv): vin, valid, reason, make, model, year, source. */
function readVins(): { vin: string; valid: boolean; reason: string }[] {
  const text = readFileSync(new URL('./fixtures/vins.csv', import.meta.url), 'utf8');
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const m = /^([^,]*),(true|false),"?(.*?)"?,/.exec(line);
      if (!m) throw new Error(`bad line ${line}`);
      return { vin: m[1] ?? '', valid: m[2] === 'true', reason: m[3] ?? '' };
    });
}

describe('VIN rules', () => {
  const vins = readVins();

  it('reads the whole reference set', () => {
    expect(vins.length).toBe(384);
    expect(vins.filter((v) => v.valid).length).toBe(314);
  });

  it('agrees with every verdict of the reference set (format and check digit)', () => {
    const disagreements = vins.filter(
      (v) => (isVinFormatValid(v.vin) && hasValidCheckDigit(v.vin)) !== v.valid,
    );
    expect(disagreements).toEqual([]);
  });

  it('computes the worked examples of 49 CFR 565.15 and NHTSA', () => {
    expect(computeVinCheckDigit('1G4AH59H45G118341')).toBe('4');
    expect(computeVinCheckDigit('1J9RP1A36A1644345')).toBe('6');
    expect(computeVinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(hasValidCheckDigit('1M8GDM9A1KP042788')).toBe(false);
  });

  it('gives the editor messages of the spec in real time', () => {
    expect(checkVin('')).toEqual({ state: 'empty' });
    expect(checkVin('1FTMW1T88')).toMatchObject({ state: 'error', message: VIN_MESSAGES.length });
    expect(checkVin('1FTMW1T88MFA0000I')).toMatchObject({ state: 'error', message: VIN_MESSAGES.invalid });
    expect(checkVin('1ftmw1t88mfa00001')).toMatchObject({
      state: 'valid',
      message: VIN_MESSAGES.valid,
      checkDigitOk: true,
      warning: null,
    });
    expect(checkVin('1FTMW1T89MFA00001')).toMatchObject({
      state: 'valid',
      checkDigitOk: false,
      warning: VIN_MESSAGES.checkDigit,
    });
  });

  it('upper-cases and strips spaces on entry, and the schema rejects I, O and Q', () => {
    expect(normalizeVin(' 15ggd2716 d1182194 ')).toBe('15GGD2716D1182194');
    expect(VinSchema.safeParse('15ggd2716d1182194').data).toBe('15GGD2716D1182194');
    const bad = VinSchema.safeParse('15GGD2716D118219O');
    expect(bad.error?.issues[0]?.message).toBe(VIN_MESSAGES.invalid);
    expect(VinSchema.safeParse('15GGD').error?.issues[0]?.message).toBe(VIN_MESSAGES.length);
  });
});
