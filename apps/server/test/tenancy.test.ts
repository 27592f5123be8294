import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';

/** Calls that need no token: sign-in, health, and the report download whose key is the credential. */
const PUBLIC = new Set(['POST /api/auth/login', 'GET /api/health', 'GET /api/reports/{id}/pdf']);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Two sweeps over the whole API: every documented route refuses a call without a token, and the
 * rival user meets only 404s (never data, never a change) on everything of demo's agencies.
 */
describe('authentication and tenancy across every route', () => {
  let ctx: TestContext;
  let demo: string;
  let rival: string;
  let metro: Client;
  let device: Device;

  beforeAll(async () => {
    ctx = await createTestContext();
    demo = (await login(ctx, 'demo')).token;
    rival = (await login(ctx, 'rival')).token;
    const first = (await clientsOf(ctx, demo))[0];
    if (!first) throw new Error('demo has agencies');
    metro = first;
    const devices = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/devices/client/${String(metro.id)}`,
        headers: bearer(demo),
      })
    ).json<Device[]>();
    const gps = devices.find((d) => d.type === 'GPS' && d.vehicleId !== null && d.phone);
    if (!gps) throw new Error('demo has an assigned GPS unit');
    device = gps;
  });
  afterAll(() => ctx.close());

  it('refuses every non-public route without a valid token', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(routes.length).toBeGreaterThan(35);
    for (const route of routes) {
      if (PUBLIC.has(route)) continue;
      const [method = 'GET', path = ''] = route.split(' ');
      const url = path.replace(/\{[^}]+\}/g, '1');
      for (const headers of [{}, bearer('not-a-real-token')]) {
        const res = await ctx.app.inject({
          method: method as Method,
          url,
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${route} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
  });

  it('answers rival 404 on every record of demo’s agencies and changes nothing', async () => {
    const vehicleId = device.vehicleId ?? 0;
    const c = String(metro.id);
    const v = String(vehicleId);
    const calls: [Method, string, object?][] = [
      ['GET', `/api/clients/${c}`],
      ['GET', `/api/clients/${c}/overview`],
      ['GET', `/api/vehicles/client/${c}`],
      ['GET', `/api/vehicles/${v}`],
      ['PATCH', `/api/vehicles/${v}`, { make: 'Hijacked' }],
      ['POST', '/api/vehicles', { vehicleId: 'RIVAL-1', clientId: metro.id }],
      ['GET', `/api/devices/client/${c}`],
      ['GET', `/api/devices/${device.deviceId}`],
      ['GET', `/api/devices/vehicle/${v}`],
      ['GET', `/api/device-systems/client/${c}`],
      ['POST', '/api/devices/assign', { deviceIds: [device.deviceId], vehicleId, clientId: metro.id }],
      ['POST', '/api/devices/unassign', { deviceId: device.deviceId, clientId: metro.id }],
      ['POST', '/api/devices/status/refresh', { vehicleId }],
      ['POST', '/api/devices/sync-status', { clientId: metro.id }],
      ['POST', `/api/devices/${device.deviceId}/tablet-operation`, { operation: 'query-mdt' }],
      ['POST', `/api/devices/${device.deviceId}/sms`, { command: '!R0' }],
      [
        'POST',
        '/api/devices',
        { name: 'x', type: 'GPS', deviceSystem: 'CalAmp LMU-3640', clientId: metro.id },
      ],
      ['GET', `/api/config/test/vehicle/${v}`],
      ['POST', '/api/config/test', { vehicleId }],
      ['GET', `/api/photos/vehicle/${v}`],
      ['GET', `/api/notes/vehicle/${v}`],
      ['POST', '/api/notes', { vehicleId, noteType: 'general', content: 'not yours' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: bearer(rival),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      // The error shape only: no record, no hint of one.
      expect(Object.keys(res.json<object>()).sort()).toEqual(['code', 'message']);
    }
    // demo's records are untouched.
    const after = (
      await ctx.app.inject({ method: 'GET', url: `/api/devices/${device.deviceId}`, headers: bearer(demo) })
    ).json<Device>();
    expect(after.vehicleId).toBe(device.vehicleId);
    const vehicle = (
      await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${v}`, headers: bearer(demo) })
    ).json<{ make: string | null }>();
    expect(vehicle.make).not.toBe('Hijacked');
    const logs = (await ctx.app.inject({ method: 'GET', url: '/api/logs', headers: bearer(rival) })).json<
      unknown[]
    >();
    expect(logs).toEqual([]);
  });
});
