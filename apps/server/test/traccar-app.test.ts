import { describe, expect, it } from 'vitest';
import { PLATFORM_RIGHTS_MESSAGES, type LoginResponse } from '@toolkit/contracts/auth.ts';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { AssignDevicesResponse, Device, SmsCommandResponse } from '@toolkit/contracts/devices.ts';
import type { Platform } from '@toolkit/contracts/platform.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { TraccarTokenError } from '../src/providers/fleet/traccar/traccar-provider.ts';
import {
  STANDIN_ADMIN_TOKEN,
  STANDIN_PASSWORD,
  STANDIN_USERS,
} from '../tools/traccar-standin/standin-seed.ts';
import { TraccarStandin } from '../tools/traccar-standin/standin-server.ts';
import { createTestContext, login } from './helpers.ts';
import { bearer, createTraccarContext, traccarRig } from './traccar-helpers.ts';

/** An installer's job with FLEET_PROVIDER=traccar, through the API, against the stand-in. */
describe('FLEET_PROVIDER=traccar: an installer’s job', () => {
  const rig = traccarRig();
  let token: string;
  let metro: Client;
  let vehicles: Vehicle[];
  let devices: Device[];

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    rig.ctx.app
      .inject({ method, url, payload, headers: bearer(token) })
      .then((r) => ({ status: r.statusCode, body: r.json<unknown>() }));
  type Res<T> = { status: number; body: T };
  const as = <T>(r: Res<unknown>) => r as Res<T>;

  it('signs in with the Traccar e-mail and password and sees the agencies of its Traccar groups', async () => {
    const res = await rig.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: STANDIN_USERS.installer.email, password: STANDIN_PASSWORD, rememberMe: false },
    });
    expect(res.statusCode).toBe(200);
    const login = res.json<LoginResponse>();
    token = login.token;
    expect(login.user.name).toBe(STANDIN_USERS.installer.name);
    await Promise.all(login.user.clientIds.map((id) => rig.ctx.deps.mirror.syncFleet(id)));
    const clients = as<Client[]>(await send('GET', '/api/clients')).body;
    expect(clients.map((c) => c.name).sort()).toEqual(['Metro Transit', 'Valley Bus']);
    const found = clients.find((c) => c.name === 'Metro Transit');
    if (!found) throw new Error('no Metro');
    metro = found;
    expect(metro.vehicleCount).toBe(30);
  });

  it('a wrong password is refused; a user without a top-level group has no agency', async () => {
    const wrong = await rig.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: STANDIN_USERS.rural.email, password: 'nope', rememberMe: false },
    });
    expect(wrong.statusCode).toBe(401);
    const nobody = await rig.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: STANDIN_USERS.nobody.email, password: STANDIN_PASSWORD, rememberMe: false },
    });
    expect(nobody.json<LoginResponse>().user.clientIds).toEqual([]);
  });

  it('lists the agency’s vehicles and devices from Traccar', async () => {
    vehicles = as<Vehicle[]>(await send('GET', `/api/vehicles/client/${String(metro.id)}`)).body;
    devices = as<Device[]>(await send('GET', `/api/devices/client/${String(metro.id)}`)).body;
    expect(vehicles.map((v) => v.vehicleId)).toContain('1000');
    expect(devices.filter((d) => d.vehicleId === null).length).toBe(3);
  });

  it('assigns a device: Traccar’s device moves to the vehicle’s group, nothing else of it changes', async () => {
    const spare = devices.find((d) => d.vehicleId === null && d.type === 'GPS');
    const bus = vehicles.find((v) => v.vehicleId === '1007');
    if (!spare || !bus) throw new Error('fixture');
    const tc = rig.standin.state.deviceByUniqueId(spare.deviceId);
    const before = { ...tc };
    const res = as<AssignDevicesResponse>(
      await send('POST', '/api/devices/assign', {
        deviceIds: [spare.deviceId],
        vehicleId: bus.id,
        clientId: metro.id,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.assignmentResults[0]).toMatchObject({ navigatorAssigned: true, localAssigned: true });
    const busGroup = [...rig.standin.state.groups.values()].find((g) => g.name === '1007');
    expect(rig.standin.state.deviceByUniqueId(spare.deviceId)).toEqual({ ...before, groupId: busGroup?.id });
  });

  it('creates a vehicle as a group in the agency’s group; made while Traccar is down, it is created there once when it is back', async () => {
    const groupsNamed = (name: string) =>
      [...rig.standin.state.groups.values()].filter((g) => g.name === name);
    const agencyGroup = Number(
      [...rig.standin.state.groups.values()].find((g) => g.name === 'Metro Transit' && g.groupId === 0)?.id,
    );
    const created = as<Vehicle>(
      await send('POST', '/api/vehicles', {
        vehicleId: '2101',
        description: 'New artic',
        clientId: metro.id,
        route: null,
        status: 'active',
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ vehicleId: '2101', isLocal: false });
    expect(groupsNamed('2101')).toEqual([
      expect.objectContaining({ groupId: agencyGroup, attributes: { description: 'New artic' } }),
    ]);

    await rig.standin.stop();
    const offline = as<Vehicle>(
      await send('POST', '/api/vehicles', {
        vehicleId: '2102',
        description: null,
        clientId: metro.id,
        route: null,
        status: 'active',
      }),
    );
    expect(offline.status).toBe(201);
    expect(offline.body.isLocal).toBe(true);
    // Vehicle Info filled in before Traccar knows the bus: it goes there with it, and stays.
    const edited = await send('PATCH', `/api/vehicles/${String(offline.body.id)}`, {
      vin: '1M8GDM9AXKP042788',
      make: 'MCI',
      year: 2019,
    });
    expect(edited.status).toBe(200);
    await rig.standin.start();
    await expect
      .poll(
        async () => {
          await rig.ctx.deps.outbox.drain();
          return groupsNamed('2102');
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual([expect.objectContaining({ groupId: agencyGroup })]);
    const groupPosts = rig.standin.writes.filter((w) => w.method === 'POST' && w.path === '/api/groups');
    expect(groupPosts).toHaveLength(2);
    await expect
      .poll(
        async () => {
          await rig.ctx.deps.outbox.drain();
          return groupsNamed('2102')[0]?.attributes;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual({ vin: '1M8GDM9AXKP042788', make: 'MCI', year: 2019 });
    await rig.ctx.deps.mirror.syncFleet(metro.id);
    const list = as<Vehicle[]>(await send('GET', `/api/vehicles/client/${String(metro.id)}`)).body;
    expect(list.find((v) => v.vehicleId === '2102')).toMatchObject({
      isLocal: false,
      vin: '1M8GDM9AXKP042788',
      make: 'MCI',
      model: null,
      year: 2019,
    });
  });

  it('sends an SMS command: sent, never a reply that did not come', async () => {
    const gps = devices.find((d) => d.type === 'GPS' && d.phone && d.vehicleId !== null);
    if (!gps) throw new Error('fixture');
    const res = as<SmsCommandResponse>(
      await send('POST', `/api/devices/${gps.deviceId}/sms`, {
        command: '!R0',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, reply: null, repliedAt: null });
    expect(res.body.message).toBe('Sent to the unit; the fleet platform does not capture replies');
    expect(rig.standin.state.commands.at(-1)).toMatchObject({ textChannel: true, data: '!R0' });
  });

  it('runs a configuration test from Traccar’s latest positions and exports the report', async () => {
    const bus = vehicles.find((v) => v.vehicleId === '1007');
    if (!bus) throw new Error('fixture');
    const test = as<{ id: number; gpsTest: string; results: unknown }>(
      await send('POST', '/api/config/test', {
        vehicleId: bus.id,
      }),
    );
    expect(test.status).toBe(201);
    expect(['pass', 'warning', 'fail']).toContain(test.body.gpsTest);
    const pdf = as<{ message: string }>(
      await send('POST', '/api/export/pdf', {
        vehicleId: bus.id,
        testId: test.body.id,
      }),
    );
    expect(pdf.status).toBe(200);
  });

  it('says which actions Traccar lacks, each with one line why; such an action answers NOT_AVAILABLE', async () => {
    const platform = as<Platform>(await send('GET', '/api/platform')).body;
    expect(platform).toMatchObject({ name: 'Traccar', version: '6.14.5' });
    expect(platform.capabilities.tabletOperations.available).toBe(false);
    expect(platform.capabilities.tabletOperations.reason).toMatch(/Traccar/);
    expect(platform.capabilities.uploads.available).toBe(false);
    const tablet = devices.find((d) => d.type === 'Tablet');
    if (!tablet) throw new Error('fixture');
    const res = as<{ code: string; message: string }>(
      await send('POST', `/api/devices/${tablet.deviceId}/tablet-operation`, { operation: 'query-mdt' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('NOT_AVAILABLE');
    expect(res.body.message).toMatch(/^Not available with this platform: /);
  });

  it('a refused server token: Sync now says the toolkit’s access lapsed; the installer’s own command still goes as them', async () => {
    rig.standin.state.tokens.delete(STANDIN_ADMIN_TOKEN);
    await new Promise((r) => setTimeout(r, 1100)); // past the 1 s the lists of one pull are shared
    const sync = as<{ code: string; message: string }>(
      await send('POST', '/api/devices/sync', { clientId: metro.id }),
    );
    expect(sync.status).toBe(503);
    expect(sync.body).toEqual({
      code: 'PROVIDER_AUTH',
      message: PLATFORM_RIGHTS_MESSAGES.platformAccessLapsed,
    });
    const gps = devices.find((d) => d.type === 'GPS' && d.phone && d.vehicleId !== null);
    const sms = await send('POST', `/api/devices/${gps?.deviceId ?? ''}/sms`, { command: '!R0' });
    expect(sms.status).toBe(200);
    rig.standin.state.tokens.set(STANDIN_ADMIN_TOKEN, 1);
  });
});

describe('the simulator has every capability', () => {
  it('GET /api/platform: Simulator, all available', async () => {
    const sim = await createTestContext();
    const { token: demo } = await login(sim);
    const res = await sim.app.inject({ method: 'GET', url: '/api/platform', headers: bearer(demo) });
    const platform = res.json<Platform>();
    expect(platform.name).toBe('Simulator');
    expect(Object.values(platform.capabilities).every((c) => c.available && c.reason === null)).toBe(true);
    await sim.close();
  });
});

describe('FLEET_PROVIDER=traccar: the start', () => {
  it('a wrong token stops the start with a message that says so', async () => {
    const standin = await new TraccarStandin().start();
    const err = await createTraccarContext(standin, { TRACCAR_TOKEN: 'wrong' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TraccarTokenError);
    expect((err as Error).message).toMatch(/^TRACCAR_TOKEN is invalid or expired/);
    await standin.stop();
  });

  it('an unreachable Traccar does not: the server starts and /api/health says so', async () => {
    const standin = await new TraccarStandin().start();
    await standin.stop();
    const ctx = await createTraccarContext(standin);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({
      status: 'degraded',
      provider: 'traccar',
      platform: { reachable: false },
    });
    await ctx.close();
  });
});
