import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import type { FleetOverview } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import {
  STANDIN_ADMIN_TOKEN,
  STANDIN_PASSWORD,
  STANDIN_USERS,
} from '../tools/traccar-standin/standin-seed.ts';
import type { TcDevice, TcStatus } from '../tools/traccar-standin/standin-state.ts';
import { bearer, traccarRig } from './traccar-helpers.ts';

const shown = (s: TcStatus) => (s === 'unknown' ? 'warning' : s);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 32, section 3: Traccar's socket as real units use it (a `devices` message for every
 * message a unit sends, a `positions` message for every position) is applied to the mirror
 * without reading Traccar's server-wide lists; only what a message cannot tell asks for a pull,
 * at most one per agency every 5 s.
 */
describe('FLEET_PROVIDER=traccar: the live stream applied to the mirror', () => {
  const rig = traccarRig({ standin: { vehicles: [4, 2, 3] }, background: true });
  let token: string;
  let clientId: number;

  /** Reads of `GET /api/devices` (the server-wide `?all=true` list a pull reads). */
  const listReads = () => rig.standin.reads.get('/api/devices') ?? 0;
  const api = async <T>(url: string) =>
    (await rig.ctx.app.inject({ method: 'GET', url, headers: bearer(token) })).json<T>();
  const list = () => api<Device[]>(`/api/devices/client/${String(clientId)}`);
  const rural = () => {
    const groups = [...rig.standin.state.groups.values()];
    const agency = groups.find((g) => g.name === 'Rural Lines');
    if (!agency) throw new Error('fixture');
    const buses = groups.filter((g) => g.groupId === agency.id);
    const inRural = new Set([agency.id, ...buses.map((b) => b.id)]);
    const devices = [...rig.standin.state.devices.values()].filter((d) => inRural.has(d.groupId));
    return { agency, buses, devices };
  };
  /** Pulled just now: the 15 s refresh leaves the agency alone while a test counts reads. */
  const pulledNow = () => rig.ctx.deps.mirror.syncFleet(clientId);
  const admin = (path: string, method: 'POST' | 'PUT', body: unknown) =>
    fetch(`${rig.standin.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${STANDIN_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    const res = await rig.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: STANDIN_USERS.rural.email, password: STANDIN_PASSWORD, rememberMe: false },
    });
    const login = res.json<LoginResponse>();
    token = login.token;
    clientId = login.user.clientIds[0] ?? 0;
    await rig.ctx.deps.mirror.syncFleet(clientId);
    rig.ctx.deps.mirror.touch(clientId);
    while (rig.standin.socketCount === 0) await sleep(50);
  });

  it('a burst of statuses and reports reaches the mirror without reading Traccar’s lists', async () => {
    await pulledNow();
    const before = listReads();
    const { devices } = rural();
    const cycle: TcStatus[] = ['offline', 'online', 'unknown', 'online'];
    for (let i = 0; i < 60; i++) {
      const d = devices[i % devices.length];
      if (!d) throw new Error('fixture');
      // Most messages are units reporting in (a new lastUpdate); some change status.
      rig.standin.setStatus(d.uniqueId, i % 3 === 0 ? (cycle[i % cycle.length] ?? 'online') : d.status);
      if (i % 10 === 9) await sleep(60);
    }
    const expected = new Map(devices.map((d) => [d.uniqueId, shown(d.status)]));
    await expect
      .poll(
        async () =>
          (await list()).filter((d) => expected.has(d.deviceId) && d.status !== expected.get(d.deviceId))
            .length,
        { timeout: 5000, interval: 100 },
      )
      .toBe(0);
    const reported = devices.find((d) => d.status === 'online');
    const row = (await list()).find((d) => d.deviceId === reported?.uniqueId);
    expect(row?.metadata).toMatchObject({ gpsCount: 9, fixValid: true });
    expect(Date.now() - Date.parse(row?.lastHeartbeat ?? '')).toBeLessThan(60_000);
    expect(listReads()).toBe(before);
  });

  it('a status change reaches the lists and the overview within 5 s, with Traccar’s list reads taking 10 s', async () => {
    await pulledNow();
    const { buses, devices } = rural();
    const device = devices.find((d) => d.groupId === buses[0]?.id);
    if (!device) throw new Error('fixture');
    const target: TcStatus = device.status === 'online' ? 'offline' : 'online';
    const overview = () => api<FleetOverview>(`/api/clients/${String(clientId)}/overview`);
    const onlineBefore = (await overview()).onlineDevices;
    const readsBefore = listReads();
    rig.standin.readDelayMs = 10_000;
    try {
      const started = Date.now();
      rig.standin.setStatus(device.uniqueId, target);
      await expect
        .poll(async () => (await list()).find((d) => d.deviceId === device.uniqueId)?.status, {
          timeout: 5000,
          interval: 100,
        })
        .toBe(target);
      await expect
        .poll(async () => (await overview()).onlineDevices, { timeout: 5000, interval: 100 })
        .toBe(onlineBefore + (target === 'online' ? 1 : -1));
      expect(Date.now() - started).toBeLessThan(5000);
      expect(listReads()).toBe(readsBefore);
    } finally {
      rig.standin.readDelayMs = 0;
    }
  });

  it('a device moved to another bus in Traccar’s own screens moves in the mirror, without a pull', async () => {
    await pulledNow();
    const before = listReads();
    const { buses, devices } = rural();
    const [from, to] = buses;
    const device = devices.find((d) => d.groupId === from?.id);
    if (!device || !to) throw new Error('fixture');
    const res = await admin(`/devices/${String(device.id)}`, 'PUT', { ...device, groupId: to.id });
    expect(res.status).toBe(200);
    await expect
      .poll(async () => (await list()).find((d) => d.deviceId === device.uniqueId)?.vehicleLabel, {
        timeout: 5000,
        interval: 100,
      })
      .toBe(to.name);
    expect(listReads()).toBe(before);
  });

  it('devices made in Traccar are pulled: at most one pull of the agency every 5 s', async () => {
    await pulledNow();
    const { agency } = rural();
    const reads: number[] = [];
    let seen = listReads();
    const watch = setInterval(() => {
      const now = listReads();
      for (; seen < now; seen++) reads.push(Date.now());
    }, 10);
    const made: TcDevice[] = [];
    const started = Date.now();
    try {
      // A new unit every second for 4 s, each reporting every 150 ms, watched for 7 s.
      while (Date.now() - started < 7000) {
        if (made.length < 4 && Date.now() - started >= made.length * 1000) {
          const uniqueId = String(990_000_000_000_000 + made.length);
          const res = await admin('/devices', 'POST', {
            name: `New ${uniqueId}`,
            uniqueId,
            groupId: agency.id,
          });
          made.push((await res.json()) as TcDevice);
        }
        for (const d of made) rig.standin.setStatus(d.uniqueId, 'online');
        await sleep(150);
      }
      // Every unit made reaches the list, still reporting (a loaded machine may need the next pull).
      await expect
        .poll(
          async () => {
            for (const d of made) rig.standin.setStatus(d.uniqueId, 'online');
            const ids = new Set((await list()).map((d) => d.deviceId));
            return made.filter((d) => !ids.has(d.uniqueId)).length;
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe(0);
    } finally {
      clearInterval(watch);
    }
    // Pulled, and never twice within 5 s, however the messages bunched up: the count follows from
    // the gaps (on an idle machine, 2 in the first 7 s), not from how fast this machine ran.
    expect(reads.length).toBeGreaterThanOrEqual(1);
    for (const [i, at] of reads.entries()) {
      if (i > 0) expect(at - (reads[i - 1] ?? 0)).toBeGreaterThanOrEqual(4900);
    }
  });
});
