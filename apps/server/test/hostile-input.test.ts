import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query.ts';
import { bearer, createTestContext, login, type TestContext } from './helpers.ts';

/** Issue 11, points 1, 2, 6, 10 and 11: bad input never answers 500 and never gets past sign-in. */
describe('hostile input', () => {
  let ctx: TestContext;
  let token: string;
  let clientId: number;
  let base: string;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestContext({ REQUEST_TIMEOUT_MS: '800', HEADERS_TIMEOUT_MS: '800' });
    const session = await login(ctx);
    token = session.token;
    clientId = session.user.clientIds[0] ?? 0;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    base = `http://127.0.0.1:${String(port)}`;
  });
  afterAll(() => ctx.close());

  const expectHouseError = async (res: Response, status: number) => {
    expect(res.status).toBe(status);
    const body = (await res.json()) as Record<string, unknown>;
    expect(typeof body.code).toBe('string');
    expect(typeof body.message).toBe('string');
    return body as { code: string; message: string };
  };

  it('point 1: refuses NUL in a device field with 400 and creates nothing at the fleet system', async () => {
    const [row] = await queryRows<{ external_id: string }>(
      ctx.deps.db,
      sql`select external_id from clients where id = ${clientId}`,
    );
    const clientExternal = row?.external_id ?? '';
    const before = (await ctx.simulator.listDevices(clientExternal)).length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: bearer(token),
      payload: {
        name: 'X',
        type: 'GPS',
        deviceSystem: 'CalAmp LMU-3640',
        serialNumberESN: '\u0000',
        phoneNumber: '5551234567',
        clientId,
        vehicleId: null,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Text must not contain control characters');
    expect((await ctx.simulator.listDevices(clientExternal)).length).toBe(before);
    const sync = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices/sync',
      headers: bearer(token),
      payload: { clientId },
    });
    expect(sync.statusCode).toBe(200);
  });

  it('point 1: refuses control characters in free text but keeps tab and newline in notes', async () => {
    const [vehicle] = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/vehicles/client/${String(clientId)}`,
        headers: bearer(token),
      })
    ).json<{ id: number }[]>();
    const note = (content: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/notes',
        headers: bearer(token),
        payload: { vehicleId: vehicle?.id, noteType: 'general', content },
      });
    expect((await note('bad\u0007bell')).statusCode).toBe(400);
    expect((await note('line one\n\tline two')).statusCode).toBe(201);
    const vehicleCreate = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(token),
      payload: { vehicleId: 'A\nB', clientId },
    });
    expect(vehicleCreate.statusCode).toBe(400);
  });

  it('point 2: ids beyond the integer column answer 400 or 404, never 500', async () => {
    const big = '2147483648';
    const cases = [
      { method: 'GET' as const, url: `/api/vehicles/${big}` },
      { method: 'GET' as const, url: `/api/logs?vehicleId=${big}` },
      { method: 'GET' as const, url: `/api/devices/vehicle/${big}` },
      { method: 'GET' as const, url: `/api/reports/${big}/pdf?key=${'k'.repeat(20)}` },
      {
        method: 'POST' as const,
        url: '/api/notes',
        payload: { vehicleId: 2147483648, noteType: 'general', content: 'x' },
      },
      { method: 'POST' as const, url: '/api/devices/sync', payload: { clientId: 2 ** 53 } },
      { method: 'GET' as const, url: '/api/devices/%00' },
      { method: 'GET' as const, url: '/api/devices/a%01b' },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({ ...c, headers: bearer(token) });
      expect([400, 404], `${c.method} ${c.url} answered ${String(res.statusCode)}`).toContain(res.statusCode);
      const body = res.json<{ code?: unknown; message?: unknown }>();
      expect(typeof body.code).toBe('string');
      expect(typeof body.message).toBe('string');
    }
  });

  it('point 6: a percent-encoded path needs a token like any other', async () => {
    for (const url of ['/%61pi/software/versions?type=production', '/%61%70%69/clients', '/api/%63lients']) {
      const res = await fetch(`${base}${url}`);
      await expectHouseError(res, 401);
    }
    const ok = await fetch(`${base}/%61pi/health`);
    expect(ok.status).toBe(200);
  });

  it('point 10: a body that never finishes is cut off after the request timeout', async () => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const closed = new Promise<string>((resolve) => {
      let data = '';
      socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
    });
    socket.write(
      `POST /api/notes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":1,',
    );
    const answer = await closed;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
  });

  it('point 10: unfinished headers are cut off after the header timeout', async () => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.resume();
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    await closed;
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('point 11: framework errors have the house shape', async () => {
    const tooLong = await fetch(`${base}/api/devices/${'a'.repeat(500)}`, { headers: bearer(token) });
    expect([400, 414]).toContain(tooLong.status);
    await expectHouseError(tooLong, tooLong.status);
    await expectHouseError(await fetch(`${base}/api/devices/%E0%A4%A`, { headers: bearer(token) }), 400);
    const bigHeader = await fetch(`${base}/api/clients`, { headers: { 'x-big': 'a'.repeat(20_000) } });
    const body = await expectHouseError(bigHeader, 431);
    expect(body.code).toBe('HEADERS_TOO_LARGE');
    await expectHouseError(
      await fetch(`${base}/api/notes`, {
        method: 'POST',
        body: '<a/>',
        headers: { 'content-type': 'application/xml', ...bearer(token) },
      }),
      415,
    );
    await expectHouseError(
      await fetch(`${base}/api/notes`, {
        method: 'POST',
        body: `"${'a'.repeat(13 * 1024 * 1024)}"`,
        headers: { 'content-type': 'application/json', ...bearer(token) },
      }),
      413,
    );
  });
});
