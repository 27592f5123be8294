import { describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { ConfigTest } from '@toolkit/contracts/config-tests.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { TraccarHttp, type TraccarLog } from '../src/providers/fleet/traccar/traccar-http.ts';
import { toDevice } from '../src/providers/fleet/traccar/traccar-mapping.ts';
import { SMS_REFUSALS, TRACCAR_MESSAGES } from '../src/providers/fleet/traccar/traccar-platform.ts';
import { TcDeviceSchema, TcPositionSchema } from '../src/providers/fleet/traccar/traccar-schemas.ts';
import { traccarAbilities } from '../src/providers/fleet/traccar/traccar-versions.ts';
import { TraccarWorld } from '../src/providers/fleet/traccar/traccar-world.ts';
import { STANDIN_ADMIN_TOKEN, STANDIN_USERS } from '../tools/traccar-standin/standin-seed.ts';
import type { TraccarStandin } from '../tools/traccar-standin/standin-server.ts';
import { tcDate, type TcDevice } from '../tools/traccar-standin/standin-state.ts';
import { bearer, signInToTraccar, traccarRig } from './traccar-helpers.ts';

/** Issue 32, sections 5 and 6: data as a real Traccar server holds it, and its releases. */

const inGroup = (standin: TraccarStandin, name: string, type = 'GPS'): TcDevice => {
  const group = [...standin.state.groups.values()].find((g) => g.name === name);
  const device = [...standin.state.devices.values()].find(
    (d) => d.groupId === group?.id && (d.attributes.deviceType ?? 'GPS') === type,
  );
  if (!device) throw new Error(`no ${type} device in ${name}`);
  return device;
};

/** Signs the installer in (which pulls Metro Transit and Valley Bus) and reads Metro's lists. */
async function metroLists(rig: ReturnType<typeof traccarRig>) {
  const login = await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email);
  const get = async <T>(url: string) => {
    const res = await rig.ctx.app.inject({ method: 'GET', url, headers: bearer(login.token) });
    expect(res.statusCode, url).toBe(200);
    return res.json<T>();
  };
  const metro = (await get<Client[]>('/api/clients')).find((c) => c.name === 'Metro Transit');
  if (!metro) throw new Error('no Metro Transit');
  return {
    token: login.token,
    devices: await get<Device[]>(`/api/devices/client/${String(metro.id)}`),
    vehicles: await get<Vehicle[]>(`/api/vehicles/client/${String(metro.id)}`),
  };
}

describe('Traccar data: a device whose latest position was deleted', () => {
  // Enough reporting units for two chunks of 100 ids.
  const rig = traccarRig({ per: 'each', standin: { vehicles: [60, 8, 3] } });

  it('the agency still pulls; that device shows without position data, the others with theirs', async () => {
    const lost = inGroup(rig.standin, '1003');
    const kept = inGroup(rig.standin, '1004');
    rig.standin.state.positions.delete(lost.positionId);
    const { devices } = await metroLists(rig);
    const shown = devices.find((d) => d.deviceId === lost.uniqueId);
    expect(shown?.vehicleLabel).toBe('1003');
    expect(shown?.metadata).not.toHaveProperty('fixValid');
    expect(devices.find((d) => d.deviceId === kept.uniqueId)?.metadata).toHaveProperty('fixValid');
  });

  it('finds the lost ids by halves, logs each once and asks no more until the device reports again', async () => {
    const logged: string[] = [];
    const log: TraccarLog = {
      info: () => undefined,
      warn: (_obj, msg) => logged.push(msg),
      error: () => undefined,
    };
    const http = new TraccarHttp({
      baseUrl: rig.standin.url,
      token: STANDIN_ADMIN_TOKEN,
      timeoutMs: 2000,
      log,
    });
    const world = new TraccarWorld(http, 0);
    const all = [...rig.standin.state.devices.values()].filter((d) => d.positionId > 0);
    const [a, b] = [all[5], all[70]];
    if (!a || !b || all.length < 100) throw new Error('fixture');
    for (const d of [a, b]) rig.standin.state.positions.delete(d.positionId);
    const devices = all.map((d) => TcDeviceSchema.parse(d));

    const got = await world.positionsOf(devices);
    expect(got.size).toBe(all.length - 2);
    expect(got.has(a.id) || got.has(b.id)).toBe(false);
    expect(logged.filter((m) => /latest position/.test(m))).toHaveLength(2);
    const asked = rig.standin.reads.get('/api/positions') ?? 0;
    // Halving 100 and the rest down to two ids: far fewer calls than one per device.
    expect(asked).toBeLessThan(30);

    await world.positionsOf(devices);
    expect(rig.standin.reads.get('/api/positions')).toBe(asked);
    expect(logged.filter((m) => /latest position/.test(m))).toHaveLength(2);

    // The unit reports again: its new position is read.
    const pid = rig.standin.state.newId();
    rig.standin.state.positions.set(pid, { ...position(a.id, pid), attributes: { sat: 8 } });
    a.positionId = pid;
    const again = await world.positionsOf(all.map((d) => TcDeviceSchema.parse(d)));
    expect(again.get(a.id)?.id).toBe(pid);
    expect(again.has(b.id)).toBe(false);
  });
});

function position(deviceId: number, id: number) {
  const now = tcDate();
  return {
    id,
    deviceId,
    protocol: 'osmand',
    deviceTime: now,
    fixTime: now,
    serverTime: now,
    valid: true,
    latitude: 45.5,
    longitude: -122.6,
    altitude: 30,
    speed: 0,
    course: 0,
    address: null,
    accuracy: 0,
    network: null,
    geofenceIds: null,
    attributes: {},
  };
}

describe('Traccar data: a unit that does not report its satellites', () => {
  const rig = traccarRig({ per: 'each' });

  it('has an unknown satellite count, and the GPS test says so instead of blaming the antenna', async () => {
    const gps = inGroup(rig.standin, '1002');
    gps.status = 'online';
    gps.lastUpdate = tcDate();
    const held = rig.standin.state.positions.get(gps.positionId);
    if (!held) throw new Error('fixture');
    held.valid = true;
    held.fixTime = tcDate(Date.now() - 20_000);
    held.attributes = { rssi: 20, power: 13.1 };
    const { token, devices, vehicles } = await metroLists(rig);
    expect(devices.find((d) => d.deviceId === gps.uniqueId)?.metadata.gpsCount).toBeNull();
    const bus = vehicles.find((v) => v.vehicleId === '1002');
    const res = await rig.ctx.app.inject({
      method: 'POST',
      url: '/api/config/test',
      headers: bearer(token),
      payload: { vehicleId: bus?.id },
    });
    expect(res.statusCode).toBe(201);
    const gpsTest = res.json<ConfigTest>().results.gpsTest;
    expect(gpsTest.result).toBe('warning');
    // The fix was 20 s old when the test began; a slow machine adds a few seconds.
    expect(gpsTest.detail).toMatch(
      new RegExp(
        `^${gps.uniqueId}: valid fix, position 2\\d s old; satellite count unknown \\(the unit does not report it\\)$`,
      ),
    );
  });

  it('maps `sat`: the count with a valid fix, 0 with an invalid one, null (unknown) when absent', () => {
    const device = TcDeviceSchema.parse({ id: 1, name: 'u', uniqueId: '356000000000001', groupId: 5 });
    const meta = (valid: boolean, attributes: Record<string, unknown>) =>
      toDevice(device, 5, TcPositionSchema.parse({ id: 9, deviceId: 1, valid, attributes })).metadata
        .gpsCount;
    expect(meta(true, { sat: 9 })).toBe(9);
    expect(meta(false, { sat: 9 })).toBe(0);
    expect(meta(true, {})).toBeNull();
    expect(meta(false, {})).toBeNull();
  });
});

describe('Traccar data: a device disabled in Traccar', () => {
  const rig = traccarRig({ per: 'each' });

  it('shows as an error, marked disabled; a vehicle whose only GPS unit is disabled fails the GPS test saying so', async () => {
    const gps = inGroup(rig.standin, '1005');
    gps.disabled = true;
    gps.status = 'online';
    const { token, devices, vehicles } = await metroLists(rig);
    const shown = devices.find((d) => d.deviceId === gps.uniqueId);
    expect(shown?.status).toBe('error');
    expect(shown?.metadata.disabled).toBe(true);
    for (const d of devices)
      expect(d.metadata.disabled === true).toBe(rig.standin.state.deviceByUniqueId(d.deviceId)?.disabled);
    const bus = vehicles.find((v) => v.vehicleId === '1005');
    const res = await rig.ctx.app.inject({
      method: 'POST',
      url: '/api/config/test',
      headers: bearer(token),
      payload: { vehicleId: bus?.id },
    });
    expect(res.json<ConfigTest>().results.gpsTest).toEqual({
      result: 'fail',
      detail: `GPS unit ${gps.uniqueId} is disabled in the fleet platform`,
    });
  });
});

describe('Traccar data: SMS when Traccar has no SMS gateway (any more)', () => {
  const rig = traccarRig({ per: 'each' });

  it('a refusal whose trace says "SMS not configured" says SMS is not set up', async () => {
    const http = new TraccarHttp({
      baseUrl: rig.standin.url,
      token: STANDIN_ADMIN_TOKEN,
      timeoutMs: 2000,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const gps = inGroup(rig.standin, '1001');
    const send = () =>
      http.call('/commands/send', {
        method: 'POST',
        json: { deviceId: gps.id, type: 'custom', textChannel: true, attributes: { data: '!R0' } },
        refusal: TRACCAR_MESSAGES.smsRefused,
        refusals: SMS_REFUSALS,
      });
    rig.standin.state.textEnabled = false;
    await expect(send()).rejects.toThrow(TRACCAR_MESSAGES.smsNotSetUp);
    rig.standin.state.textEnabled = true;
    gps.phone = null;
    await expect(send()).rejects.toThrow(TRACCAR_MESSAGES.smsRefused);
  });

  it('through the API: the gateway went away after the start', async () => {
    const gps = inGroup(rig.standin, '1001');
    const { token } = await metroLists(rig);
    rig.standin.state.textEnabled = false;
    const res = await rig.ctx.app.inject({
      method: 'POST',
      url: `/api/devices/${gps.uniqueId}/sms`,
      headers: bearer(token),
      payload: { command: '!R0' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(TRACCAR_MESSAGES.smsNotSetUp);
  });
});

describe('Traccar releases: what works from which', () => {
  it('6.2 and later: everything', () => {
    for (const v of ['6.14.5', '6.2', '7.0']) {
      expect(traccarAbilities(v)).toEqual({
        version: v,
        bearer: 'tokens',
        textEnabledReported: true,
        socket: 'token',
        error: null,
        degraded: [],
      });
    }
  });

  it('5.8 to 6.1: the socket needs a session; 5.3 to 5.7 also no textEnabled', () => {
    expect(traccarAbilities('6.1')).toMatchObject({
      socket: 'cookie',
      textEnabledReported: true,
      error: null,
    });
    expect(traccarAbilities('6.1').degraded).toEqual([expect.stringMatching(/session cookie/)]);
    const v57 = traccarAbilities('5.7');
    expect(v57).toMatchObject({
      bearer: 'tokens',
      textEnabledReported: false,
      socket: 'cookie',
      error: null,
    });
    expect(v57.degraded).toEqual([
      expect.stringMatching(/SMS is assumed set up/),
      expect.stringMatching(/session cookie/),
    ]);
  });

  it('before 5.3 the toolkit cannot work: no tokens to make (5.1 and 5.2 take only a fixed one)', () => {
    for (const [v, bearer] of [
      ['5.2', 'fixed-token'],
      ['5.1', 'fixed-token'],
      ['5.0', 'none'],
      ['4.15', 'none'],
    ] as const) {
      const a = traccarAbilities(v);
      expect(a.bearer).toBe(bearer);
      expect(a.error).toMatch(/upgrade Traccar to 5.3 or later/);
    }
    expect(traccarAbilities('5.3').error).toBeNull();
  });

  it('an unknown version is taken as current, and said so', () => {
    for (const v of ['unknown', '', null, undefined]) {
      const a = traccarAbilities(v);
      expect(a).toMatchObject({ bearer: 'tokens', socket: 'token', textEnabledReported: true, error: null });
      expect(a.degraded).toEqual([expect.stringMatching(/assumes a current release/)]);
    }
  });
});
