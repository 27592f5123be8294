import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VinDecodeResult } from '@toolkit/contracts/vin.ts';
import { bearer, createTestContext, login, type TestContext } from './helpers.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/vpic/${name}`, import.meta.url), 'utf8');

/** Recorded vPIC answers, served by VIN as the public service would; anything else answers 503. */
const ANSWERS: Record<string, string> = {
  '1FTMW1T88MFA00001': fixture('vpic_DecodeVinValues_1FTMW1T88MFA00001_ford_f150_clean.json'),
  '3VV3B7AXXNM077525': fixture('vpic_DecodeVinValues_3VV3B7AXXNM077525_vw_tiguan_2022_clean.json'),
  WBA3A5C51CF256987: fixture('vpic_DecodeVinValues_WBA3A5C51CF256987_bmw_err1_checkdigit.json'),
  JT2AE09W4P0038539: fixture('vpic_DecodeVinValues_Results0_JT2AE09W4P0038539_toyota_corolla_1993.json'),
  // The answer of the service for a VIN it knows nothing about (codes 1,7,400, no Make).
  ZZZZZZZZZZZZZZZZ1: fixture('vpic_DecodeVinValues_partial_err_1_7_400.json'),
};

describe('VIN decoding', () => {
  let ctx: TestContext;
  let token: string;
  let vpic: Server;
  const hits: string[] = [];

  const decode = async (vin: string, auth = true) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/vin/${vin}`,
      headers: auth ? bearer(token) : {},
    });
    return { status: res.statusCode, body: res.json<VinDecodeResult & { message?: string }>() };
  };

  beforeAll(async () => {
    vpic = createServer((req, res) => {
      const m = /^\/api\/vehicles\/DecodeVinValues\/([A-Z0-9]+)\?format=json$/.exec(req.url ?? '');
      const vin = m?.[1] ?? '';
      hits.push(vin);
      const answer = ANSWERS[vin];
      res.writeHead(answer ? 200 : 503, { 'content-type': 'application/json' });
      res.end(answer ?? '{"Message":"Service Unavailable"}');
    });
    await new Promise<void>((resolve) => vpic.listen(0, '127.0.0.1', resolve));
    const { port } = vpic.address() as AddressInfo;
    ctx = await createTestContext({ VPIC_BASE_URL: `http://127.0.0.1:${String(port)}/api` });
    token = (await login(ctx, 'demo')).token;
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => vpic.close(resolve));
  });

  it('reads a clean answer: make, model, year, type without its trailing space, fuel', async () => {
    const { status, body } = await decode('1FTMW1T88MFA00001');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      make: 'FORD',
      model: 'F-150',
      year: 2021,
      vehicleType: 'TRUCK',
      bodyClass: 'Pickup',
      fuelType: 'Gasoline',
      isValid: true,
      errorMessage: null,
      checkDigitValid: true,
      source: 'vpic',
    });
  });

  it('keeps the data of a VIN with a bad check digit and shows the service’s words', async () => {
    const { body } = await decode('WBA3A5C51CF256987');
    expect(body).toMatchObject({
      make: 'BMW',
      model: '328i',
      year: 2012,
      isValid: true,
      checkDigitValid: false,
    });
    expect(body.errorMessage).toBe('1 - Check Digit (9th position) does not calculate properly');
  });

  it('answers with the service’s error text when it found nothing', async () => {
    const { body } = await decode('ZZZZZZZZZZZZZZZZ1');
    expect(body.isValid).toBe(false);
    expect(body.make).toBeNull();
    expect(body.errorMessage).toMatch(/^1 - Check Digit .*400 - Invalid Characters Present$/);
  });

  it('decodes lower case and reads an old answer without Count', async () => {
    const { body } = await decode('jt2ae09w4p0038539');
    expect(body).toMatchObject({
      vin: 'JT2AE09W4P0038539',
      make: 'TOYOTA',
      model: 'Corolla',
      year: 1993,
      isValid: true,
    });
  });

  it('asks the service once per VIN and answers again from the cache', async () => {
    const before = hits.filter((v) => v === '3VV3B7AXXNM077525').length;
    await decode('3VV3B7AXXNM077525');
    await decode('3VV3B7AXXNM077525');
    expect(hits.filter((v) => v === '3VV3B7AXXNM077525').length - before).toBe(1);
  });

  it('decodes what it can offline when the service is down: the maker from the WMI, the year, the check digit', async () => {
    const { status, body } = await decode('15GGD2716D1182194');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      make: 'GILLIG',
      year: 2013,
      model: null,
      isValid: false,
      source: 'offline',
      checkDigitValid: true,
      errorMessage: 'Incomplete vehicle information from VIN',
    });
  });

  it('refuses bad VINs in the spec’s words, and callers without a token', async () => {
    const short = await decode('1FTMW1T88');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('VIN must be exactly 17 characters long');
    const forbidden = await decode('1FTMW1T88MFA0000O');
    expect(forbidden.status).toBe(400);
    expect(forbidden.body.message).toBe('Invalid VIN (17 chars, no I/O/Q)');
    expect((await decode('1FTMW1T88MFA00001', false)).status).toBe(401);
  });
});
