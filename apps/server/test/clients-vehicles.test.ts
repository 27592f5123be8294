import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, FleetOverview } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { UpdateVehicleResponse, Vehicle } from '@toolkit/contracts/vehicles.ts';
import { deriveVehicleStatus } from '@toolkit/contracts/vehicles.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';

describe('clients and vehicles', () => {
  let ctx: TestContext;
  let demo: string;
  let rival: string;
  let metro: Client;
  let rural: Client;

  beforeAll(async () => {
    ctx = await createTestContext();
    demo = (await login(ctx, 'demo')).token;
    rival = (await login(ctx, 'rival')).token;
    const mine = await clientsOf(ctx, demo);
    const biggest = [...mine].sort((a, b) => b.vehicleCount - a.vehicleCount)[0];
    const ruralClient = (await clientsOf(ctx, rival))[0];
    if (!biggest || !ruralClient) throw new Error('simulator agencies missing');
    metro = biggest;
    rural = ruralClient;
  });
  afterAll(() => ctx.close());

  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('lists only the agencies the user may see, with counts computed from the mirror', async () => {
    const mine = await clientsOf(ctx, demo);
    expect(mine).toHaveLength(2);
    expect(metro.vehicleCount).toBeGreaterThanOrEqual(300);
    expect(mine.map((c) => c.id)).not.toContain(rural.id);
    const devices = (await get(`/api/devices/client/${String(metro.id)}`, demo)).json<Device[]>();
    expect(metro.deviceCount).toBe(devices.length);
    expect(metro.onlineDeviceCount).toBe(devices.filter((d) => d.status === 'online').length);
  });

  it('answers 404 for another agency, never its data', async () => {
    expect((await get(`/api/clients/${String(rural.id)}`, demo)).statusCode).toBe(404);
    expect((await get(`/api/vehicles/client/${String(metro.id)}`, rival)).statusCode).toBe(404);
    expect((await get(`/api/devices/client/${String(metro.id)}`, rival)).statusCode).toBe(404);
    expect((await get(`/api/clients/${String(metro.id)}/overview`, rival)).statusCode).toBe(404);
    const vehicles = (await get(`/api/vehicles/client/${String(metro.id)}`, demo)).json<Vehicle[]>();
    const first = vehicles[0];
    if (!first) throw new Error('no vehicles');
    expect((await get(`/api/vehicles/${String(first.id)}`, rival)).statusCode).toBe(404);
    expect((await get(`/api/devices/vehicle/${String(first.id)}`, rival)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id and 401 without a token', async () => {
    expect((await get('/api/vehicles/client/abc', demo)).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/client/${String(metro.id)}` })).statusCode,
    ).toBe(401);
  });

  it('derives each vehicle status from its devices, ignoring type Other', async () => {
    const vehicles = (await get(`/api/vehicles/client/${String(metro.id)}`, demo)).json<Vehicle[]>();
    const devices = (await get(`/api/devices/client/${String(metro.id)}`, demo)).json<Device[]>();
    for (const v of vehicles.slice(0, 50)) {
      expect(v.connectionStatus).toBe(deriveVehicleStatus(devices.filter((d) => d.vehicleId === v.id)));
    }
  });

  it('gives the overview the same counts as the lists', async () => {
    const overview = (await get(`/api/clients/${String(metro.id)}/overview`, demo)).json<FleetOverview>();
    const vehicles = (await get(`/api/vehicles/client/${String(metro.id)}`, demo)).json<Vehicle[]>();
    const devices = (await get(`/api/devices/client/${String(metro.id)}`, demo)).json<Device[]>();
    expect(overview.totalVehicles).toBe(vehicles.length);
    expect(overview.totalDevices).toBe(devices.length);
    for (const s of ['online', 'unknown', 'offline'] as const) {
      expect(overview.vehicleStatus[s]).toBe(vehicles.filter((v) => v.connectionStatus === s).length);
    }
    expect(overview.deviceTypes.GPS).toBe(devices.filter((d) => d.type === 'GPS').length);
  });

  it('answers 304 to a repeated list request until something changes', async () => {
    const url = `/api/vehicles/client/${String(metro.id)}`;
    const first = await get(url, demo);
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(demo), 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(demo),
      payload: { vehicleId: 'ETAG-1', clientId: metro.id },
    });
    const changed = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(demo), 'if-none-match': String(etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Vehicle[]>().some((v) => v.vehicleId === 'ETAG-1')).toBe(true);
  });

  it('sends big lists compressed as the phone asks (brotli, else gzip), with the same content', async () => {
    const url = `/api/devices/client/${String(metro.id)}`;
    const plain = await get(url, demo);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(demo), 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(demo), 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('creates a local vehicle and rejects a duplicate case-insensitively', async () => {
    const create = (vehicleId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: bearer(demo),
        payload: { vehicleId, description: 'Spare bus', clientId: metro.id, route: null, status: 'active' },
      });
    const res = await create('Yard-7');
    expect(res.statusCode).toBe(201);
    expect(res.json<Vehicle>()).toMatchObject({
      vehicleId: 'Yard-7',
      isLocal: true,
      status: 'active',
      connectionStatus: 'offline',
    });
    const dup = await create('YARD-7');
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: 'Vehicle YARD-7 already exists' });
    const mirrored = (await get(`/api/vehicles/client/${String(metro.id)}`, demo))
      .json<Vehicle[]>()
      .find((v) => !v.isLocal);
    if (!mirrored) throw new Error('no mirrored vehicle');
    const dupMirrored = await create(mirrored.vehicleId.toLowerCase());
    expect(dupMirrored.statusCode).toBe(409);
  });

  it('does a write replayed with the same Idempotency-Key once', async () => {
    const send = (key: string, vehicleId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { ...bearer(demo), 'idempotency-key': key },
        payload: { vehicleId, clientId: metro.id },
      });
    const first = await send('offline-write-0001', 'Replay-1');
    const second = await send('offline-write-0001', 'Replay-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json<Vehicle>().id).toBe(first.json<Vehicle>().id);
    const list = (await get(`/api/vehicles/client/${String(metro.id)}`, demo)).json<Vehicle[]>();
    expect(list.filter((v) => v.vehicleId === 'Replay-1')).toHaveLength(1);
    const reused = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${String(first.json<Vehicle>().id)}`,
      headers: { ...bearer(demo), 'idempotency-key': 'offline-write-0001' },
      payload: { make: 'X' },
    });
    expect(reused.statusCode).toBe(422);
  });

  it('refuses a vehicle without an id or for an agency the user cannot see', async () => {
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(demo),
      payload: { vehicleId: ' ', clientId: metro.id },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Vehicle ID required' });
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(demo),
      payload: { vehicleId: 'X1', clientId: rural.id },
    });
    expect(other.statusCode).toBe(404);
  });

  it('edits a mirrored vehicle, pushing it to the external system', async () => {
    const vehicles = (await get(`/api/vehicles/client/${String(metro.id)}`, demo)).json<Vehicle[]>();
    const target = vehicles.find((v) => !v.isLocal);
    if (!target) throw new Error('no mirrored vehicle');
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${String(target.id)}`,
      headers: bearer(demo),
      payload: { vin: '1m8gdm9axkp042788', make: 'MCI', model: '', year: '2019', odometer: 120000 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<UpdateVehicleResponse>();
    expect(body).toMatchObject({
      vin: '1M8GDM9AXKP042788',
      make: 'MCI',
      model: null,
      year: 2019,
      odometer: 120000,
      syncedToNavigator: true,
    });
  });

  it('saves an edit locally when the external system is down', async () => {
    const vehicles = (await get(`/api/vehicles/client/${String(metro.id)}`, demo)).json<Vehicle[]>();
    const target = vehicles.filter((v) => !v.isLocal)[1];
    if (!target) throw new Error('no mirrored vehicle');
    ctx.simulator.setFailures({ outage: true });
    try {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/vehicles/${String(target.id)}`,
        headers: bearer(demo),
        payload: { odometer: 5 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<UpdateVehicleResponse>()).toMatchObject({ odometer: 5, syncedToNavigator: false });
    } finally {
      ctx.simulator.setFailures({ outage: false });
    }
  });

  it('validates edits with the spec messages', async () => {
    const vehicles = (await get(`/api/vehicles/client/${String(metro.id)}`, demo)).json<Vehicle[]>();
    const id = String(vehicles[0]?.id);
    const patch = (payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/vehicles/${id}`, headers: bearer(demo), payload });
    expect((await patch({ year: 1899 })).json()).toMatchObject({
      message: 'Year must be between 1900 and next year',
    });
    expect((await patch({ year: new Date().getFullYear() + 3 })).json()).toMatchObject({
      message: 'Year must be between 1900 and next year',
    });
    expect((await patch({ odometer: 10_000_000 })).json()).toMatchObject({
      message: 'Odometer must be between 0 and 9,999,999 miles',
    });
    expect((await patch({ vin: 'ABC' })).json()).toMatchObject({
      message: 'VIN must be exactly 17 characters',
    });
    expect((await patch({ vin: '1M8GDM9AXKP04278O' })).json()).toMatchObject({
      message: 'Invalid VIN (17 chars, no I/O/Q)',
    });
    const blank = await patch({ make: '  ', year: '' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toMatchObject({ make: null, year: null });
  });
});
