import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { AssignDevicesResponse, CreateDeviceResponse, Device } from '@toolkit/contracts/devices.ts';
import type { UpdateVehicleResponse, Vehicle } from '@toolkit/contracts/vehicles.ts';
import { STANDIN_USERS } from '../tools/traccar-standin/standin-seed.ts';
import { bearer, signInToTraccar, traccarRig } from './traccar-helpers.ts';

const WRITE_DELAY_MS = 3000;

/**
 * A Traccar across a network takes seconds to answer a write. While it does, no database
 * connection is held for it (decision 035): on PGlite's one connection every other request,
 * other agencies' lists included, would otherwise wait for the platform. The keyed writes the
 * app's outbox sends (Idempotency-Key) are the ones that ran in a request transaction.
 */
describe('a slow Traccar stalls nothing else', () => {
  const rig = traccarRig({ overrides: { FLEET_PROVIDER_TIMEOUT_MS: '15000' } });
  let token: string;
  let metro: Client;
  let valley: Client;

  const get = (url: string) => rig.ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const keyed = (method: 'POST' | 'PATCH', url: string, key: string, payload: object) =>
    rig.ctx.app.inject({ method, url, payload, headers: { ...bearer(token), 'idempotency-key': key } });

  beforeAll(async () => {
    token = (await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email)).token;
    const clients = (await get('/api/clients')).json<Client[]>();
    const byName = (name: string) => {
      const c = clients.find((x) => x.name === name);
      if (!c) throw new Error(`no ${name}`);
      return c;
    };
    metro = byName('Metro Transit');
    valley = byName('Valley Bus');
  });

  it('keyed writes wait for Traccar; lists of this and another agency answer meanwhile', async () => {
    const vehicles = (await get(`/api/vehicles/client/${String(metro.id)}`)).json<Vehicle[]>();
    const devices = (await get(`/api/devices/client/${String(metro.id)}`)).json<Device[]>();
    const spare = devices.find((d) => d.vehicleId === null && d.type === 'GPS');
    const bus = vehicles.find((v) => v.vehicleId === '1003');
    const other = vehicles.find((v) => v.vehicleId === '1004');
    if (!spare || !bus || !other) throw new Error('fixture');

    rig.standin.writeDelayMs = WRITE_DELAY_MS;
    const started = Date.now();
    const done: Record<string, number> = {};
    const timed = <T>(name: string, p: Promise<T>) =>
      p.then((value) => {
        done[name] = Date.now() - started;
        return value;
      });

    const assign = timed(
      'assign',
      keyed('POST', '/api/devices/assign', 'slow-platform-assign-1', {
        deviceIds: [spare.deviceId],
        vehicleId: bus.id,
        clientId: metro.id,
      }),
    );
    const update = timed(
      'update',
      keyed('PATCH', `/api/vehicles/${String(other.id)}`, 'slow-platform-update-1', { make: 'Gillig' }),
    );
    const create = timed(
      'create',
      keyed('POST', '/api/devices', 'slow-platform-create-1', {
        clientId: metro.id,
        vehicleId: null,
        type: 'GPS',
        name: 'Slow platform unit',
        deviceSystem: 'CalAmp LMU-4230',
        imei: '356307042441013',
        phoneNumber: '+15551234567',
      }),
    );
    // Give the writes time to reach Traccar, then read while Traccar still holds them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reads = await Promise.all([
      timed('valley vehicles', get(`/api/vehicles/client/${String(valley.id)}`)),
      timed('valley devices', get(`/api/devices/client/${String(valley.id)}`)),
      timed('metro vehicles', get(`/api/vehicles/client/${String(metro.id)}`)),
      timed('clients', get('/api/clients')),
    ]);
    const readsDone = Date.now() - started;
    expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);

    const [assigned, updated, created] = await Promise.all([assign, update, create]);
    // Every read answered while the slowest platform write was still out, not after it.
    expect(readsDone).toBeLessThan(WRITE_DELAY_MS);
    expect(done.assign).toBeGreaterThanOrEqual(WRITE_DELAY_MS);
    expect(done.update).toBeGreaterThanOrEqual(WRITE_DELAY_MS);
    expect(done.create).toBeGreaterThanOrEqual(WRITE_DELAY_MS);

    // And the writes answer what Traccar did, not a provisional "saved locally".
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<AssignDevicesResponse>().assignmentResults[0]).toMatchObject({
      localAssigned: true,
      navigatorAssigned: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<UpdateVehicleResponse>().syncedToNavigator).toBe(true);
    expect(created.statusCode).toBe(201);
    expect(created.json<CreateDeviceResponse>().device.deviceId).toBe('356307042441013');
    const busGroup = [...rig.standin.state.groups.values()].find((g) => g.name === '1003');
    expect(rig.standin.state.deviceByUniqueId(spare.deviceId)?.groupId).toBe(busGroup?.id);
    rig.standin.writeDelayMs = 0;
  });
});
