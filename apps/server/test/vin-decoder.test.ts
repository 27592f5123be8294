import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VinDecodeResult } from '@toolkit/contracts/vin.ts';
import {
  createVinDecoder,
  decodeOffline,
  errorCodes,
  readVpicAnswer,
  type VinCache,
} from '../src/providers/vin/vin-decoder.ts';
import { HEAVY_WMIS, yearFromVin } from '../src/providers/vin/wmi.ts';

const dir = new URL('./fixtures/vpic/', import.meta.url);
const answer = (name: string): unknown => JSON.parse(readFileSync(new URL(name, dir), 'utf8'));

describe('reading vPIC answers (every recorded answer)', () => {
  const cases: Record<string, { vin: string; expect: Record<string, unknown> }> = {
    'vpic_DecodeVinValues_1FTMW1T88MFA00001_ford_f150_clean.json': {
      vin: '1FTMW1T88MFA00001',
      expect: {
        make: 'FORD',
        model: 'F-150',
        year: 2021,
        vehicleType: 'TRUCK',
        isValid: true,
        errorMessage: null,
      },
    },
    'vpic_DecodeVinValuesExtended_1FTMW1T88MFA00001.json': {
      vin: '1FTMW1T88MFA00001',
      expect: {
        make: 'FORD',
        model: 'F-150',
        year: 2021,
        vehicleType: 'TRUCK',
        fuelType: 'Gasoline',
        isValid: true,
      },
    },
    'vpic_DecodeVinValues_3VV3B7AXXNM077525_vw_tiguan_2022_clean.json': {
      vin: '3VV3B7AXXNM077525',
      expect: { make: 'VOLKSWAGEN', model: 'Tiguan', year: 2022, isValid: true, errorMessage: null },
    },
    'vpic_DecodeVinValues_5UXWX7C5xBA_partial_err6.json': {
      vin: '5UXWX7C50BA000000',
      expect: { make: 'BMW', model: 'X3', year: 2011, isValid: true, errorMessage: '6 - Incomplete VIN' },
    },
    'vpic_DecodeVinValues_Results0_JT2AE09W4P0038539_toyota_corolla_1993.json': {
      vin: 'JT2AE09W4P0038539',
      expect: { make: 'TOYOTA', model: 'Corolla', year: 1993, bodyClass: 'Wagon', isValid: true },
    },
    'vpic_DecodeVinValues_WBA3A5C51CF256987_bmw_err1_checkdigit.json': {
      vin: 'WBA3A5C51CF256987',
      expect: {
        make: 'BMW',
        model: '328i',
        year: 2012,
        isValid: true,
        checkDigitValid: false,
        errorMessage: '1 - Check Digit (9th position) does not calculate properly',
      },
    },
    'vpic_DecodeVinValues_partial_err_1_7_400.json': {
      vin: 'ZZZZZZZZZZZZZZZZ1',
      expect: { make: null, model: null, year: null, isValid: false },
    },
    'vpic_DecodeVINValuesBatch_bmw_tesla_err5_6_14.json': {
      vin: '5UXWX7C50BA000000',
      expect: { make: 'BMW', model: 'X3', year: 2011, errorMessage: '6 - Incomplete VIN' },
    },
    'vpic_DecodeVin_1FTMW1T88MFA00001_unflattened.json': {
      vin: '1FTMW1T88MFA00001',
      expect: {
        make: 'FORD',
        model: 'F-150',
        year: 2021,
        vehicleType: 'TRUCK',
        bodyClass: 'Pickup',
        isValid: true,
        errorMessage: null,
      },
    },
    'vpic_DecodeVin_1FA6P8C0xMx100001_partial_unflattened.json': {
      vin: '1FA6P8C00M0100001',
      expect: { make: 'FORD', model: 'Mustang', year: 2021, isValid: true },
    },
    'vpic_DecodeVin_1GYDE63A740121151_cadillac_srx_oldformat.json': {
      vin: '1GYDE63A740121151',
      expect: {
        make: 'CADILLAC',
        model: 'SRX',
        year: 2004,
        fuelType: null,
        isValid: true,
        errorMessage: null,
      },
    },
    'vpic_DecodeVin_tacos_err11_oldformat.json': {
      vin: 'TACOSTACOSTACOS11',
      expect: {
        make: null,
        isValid: false,
        errorMessage: '11- Incorrect Model Year, decoded data may not be accurate!',
      },
    },
    'vpic_DecodeWMI_1FT.json': {
      vin: '1FTMW1T88MFA00001',
      expect: {
        make: 'FORD',
        model: null,
        isValid: false,
        errorMessage: 'Incomplete vehicle information from VIN',
      },
    },
  };

  it('has a case for every recorded answer', () => {
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(Object.keys(cases).sort());
  });

  for (const [file, c] of Object.entries(cases)) {
    it(`reads ${file}`, () => {
      expect(readVpicAnswer(c.vin, answer(file))).toMatchObject({ vin: c.vin, source: 'vpic', ...c.expect });
    });
  }

  describe('served over HTTP by a local fake vPIC', () => {
    let server: Server;
    let base = '';
    const memory = new Map<string, VinDecodeResult>();
    const cache: VinCache = {
      get: async (vin) => memory.get(vin) ?? null,
      set: async (vin, r) => void memory.set(vin, r),
    };
    beforeAll(async () => {
      // The first path segment names the recorded answer to send, whatever VIN is asked for.
      server = createServer((req, res) => {
        const name = decodeURIComponent((req.url ?? '').split('/')[1] ?? '');
        const known = Object.hasOwn(cases, name);
        res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
        res.end(known ? readFileSync(new URL(name, dir)) : '{}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    for (const [file, c] of Object.entries(cases)) {
      it(`decodes ${c.vin} from ${file}`, async () => {
        memory.clear();
        const decoder = createVinDecoder({
          baseUrl: `${base}/${encodeURIComponent(file)}/`,
          timeoutMs: 5000,
          cache,
        });
        expect(await decoder.decode(c.vin)).toMatchObject({ vin: c.vin, source: 'vpic', ...c.expect });
        expect(memory.get(c.vin)).toMatchObject({ source: 'vpic' });
      });
    }
  });

  it('reads several codes, the old code-and-text form, and nothing', () => {
    expect(errorCodes('1,7,400')).toEqual(['1', '7', '400']);
    expect(errorCodes('0 - VIN decoded clean. Check Digit (9th position) is correct')).toEqual(['0']);
    expect(errorCodes('11- Incorrect Model Year, decoded data may not be accurate!')).toEqual(['11']);
    expect(errorCodes(null)).toEqual([]);
  });

  it('joins the texts of several codes as the service wrote them', () => {
    const r = readVpicAnswer(
      '1FA6P8C00M0100001',
      answer('vpic_DecodeVin_1FA6P8C0xMx100001_partial_unflattened.json'),
    );
    expect(r.errorMessage).toMatch(
      /^1 - Check Digit .*; 4 - VIN corrected.*; 400 - Invalid Characters Present$/,
    );
  });

  it('refuses an answer without Results', () => {
    expect(() => readVpicAnswer('1FTMW1T88MFA00001', { Message: 'oops' })).toThrow('without Results');
  });
});

describe('offline decoding over the reference VINs', () => {
  const rows = readFileSync(
    new URL('../../../packages/contracts/test/fixtures/vins.csv', import.meta.url),
    'utf8',
  )
    .trim()
    .split('\n')
    .slice(1)
    .flatMap((line) => {
      const m = /^([^,]*),(true|false),(?:"[^"]*"|[^,]*),([^,]*),(?:"[^"]*"|[^,]*),([^,]*),/.exec(line);
      return m?.[1] && m[2] === 'true'
        ? [{ vin: m[1], make: m[3] ?? '', year: m[4] ? Number(m[4]) : null }]
        : [];
    });
  const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const now = new Date('2026-11-22');

  it('names the right maker whenever it names one, and knows most of them', () => {
    const withMake = rows.filter((r) => r.make);
    const named = withMake
      .map((r) => ({ r, make: decodeOffline(r.vin, now).make }))
      .filter((x) => x.make !== null);
    const wrong = named.filter(
      ({ r, make }) =>
        !norm(r.make).startsWith(norm(make ?? '')) && !norm(make ?? '').startsWith(norm(r.make)),
    );
    expect(wrong).toEqual([]);
    expect(named.length / withMake.length).toBeGreaterThan(0.85);
  });

  it('reads the model year of every light vehicle, and one of the two cycles for heavy ones', () => {
    for (const r of rows.filter((x) => x.year !== null)) {
      const year = yearFromVin(r.vin, now);
      if (HEAVY_WMIS.has(r.vin.slice(0, 3)))
        expect([r.year, (r.year ?? 0) + 30, (r.year ?? 0) - 30]).toContain(year);
      else expect({ vin: r.vin, year }).toEqual({ vin: r.vin, year: r.year });
    }
  });

  it('marks offline results and keeps the check digit verdict', () => {
    expect(decodeOffline('15GGD2716D1182194', now)).toMatchObject({
      make: 'GILLIG',
      year: 2013,
      source: 'offline',
      checkDigitValid: true,
      isValid: false,
    });
    expect(decodeOffline('1M8GDM9A1KP042788', now)).toMatchObject({
      make: 'MOTOR COACH INDUSTRIES',
      year: 2019,
      checkDigitValid: false,
    });
    expect(decodeOffline('ZZZ00000000000000', now)).toMatchObject({
      make: null,
      errorMessage: 'Failed to decode VIN',
    });
  });
});
