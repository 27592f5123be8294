import { eq, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { AssignDevicesResponse, Device } from '@toolkit/contracts/devices.ts';
import type { ListDelta } from '@toolkit/contracts/list-delta.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { listTombstones } from '../src/db/schema/tables.ts';
import { bumpRevision } from '../src/modules/sync/revision.repository.ts';
import { bearer, login, type TestContext } from './helpers.ts';
import { fleetOf, injector, openMetro, spareOf } from './metro-fleet.ts';

/** Decision 022: `?since=R` answers what changed after R; applied to the old list it gives the new one. */
describe('list deltas (?since=revision)', () => {
  let ctx: TestContext;
  let demo: string;
  let metro: Client;
  const { get, post } = injector(
    () => ctx,
    () => demo,
  );

  beforeAll(async () => {
    ({ ctx, demo, metro } = await openMetro());
    await ctx.deps.mirror.syncFleet(metro.id);
  });
  afterAll(() => ctx.close());

  const path = (kind: 'vehicles' | 'devices', since?: number) =>
    `/api/${kind}/client/${String(metro.id)}${since === undefined ? '' : `?since=${String(since)}`}`;

  async function raw(url: string, token = demo) {
    const r = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { status: r.statusCode, revision: Number(r.headers['x-revision']), etag: r.headers.etag, r };
  }

  /** Both full lists and the revision they were read at. */
  async function snapshot() {
    const { revision } = await raw(path('vehicles'));
    const { devices, vehicles } = await fleetOf(get, metro);
    return { revision, devices, vehicles };
  }

  async function deltaOf<T>(kind: 'vehicles' | 'devices', since: number): Promise<ListDelta<T>> {
    const res = await raw(path(kind, since));
    expect(res.status).toBe(200);
    const body = res.r.json<ListDelta<T>>();
    expect(body.full).toBe(false);
    expect(body.revision).toBe(res.revision);
    return body;
  }

  const byId = <T extends { id: number }>(rows: readonly T[]) => [...rows].sort((a, b) => a.id - b.id);
  function apply<T extends { id: number }>(old: readonly T[], delta: ListDelta<T>): T[] {
    const rows = new Map(old.map((r) => [r.id, r]));
    for (const id of delta.removed) rows.delete(id);
    for (const r of delta.upserts) rows.set(r.id, r);
    return byId([...rows.values()]);
  }

  /** Deltas since `before` rebuild both new lists exactly; returns the deltas. */
  async function expectDeltasRebuild(before: Awaited<ReturnType<typeof snapshot>>) {
    const after = await snapshot();
    expect(after.revision).toBeGreaterThan(before.revision);
    const vehicles = await deltaOf<Vehicle>('vehicles', before.revision);
    const devices = await deltaOf<Device>('devices', before.revision);
    expect(apply(before.vehicles, vehicles)).toEqual(byId(after.vehicles));
    expect(apply(before.devices, devices)).toEqual(byId(after.devices));
    return { vehicles, devices, after };
  }

  const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

  it('carries the revision on the full list and answers 304 to the current revision', async () => {
    const full = await raw(path('vehicles'));
    expect(full.status).toBe(200);
    expect(full.revision).toBeGreaterThan(0);
    expect((await raw(path('vehicles', full.revision))).status).toBe(304);
    expect((await raw(path('devices', full.revision))).status).toBe(304);
  });

  it('answers only what a local write changed', async () => {
    const before = await snapshot();
    const created = await post<Vehicle>('/api/vehicles', {
      clientId: metro.id,
      vehicleId: 'DELTA-1',
      description: null,
      route: null,
      status: 'active',
    });
    expect(created.status).toBe(201);
    const device = spareOf(before.devices);
    const assigned = await post<AssignDevicesResponse>('/api/devices/assign', {
      deviceIds: [device.deviceId],
      vehicleId: created.body.id,
      clientId: metro.id,
    });
    expect(assigned.status).toBe(200);
    const { vehicles, devices } = await expectDeltasRebuild(before);
    expect(ids(vehicles.upserts)).toEqual([created.body.id]);
    expect(vehicles.upserts[0]?.deviceCount).toBe(1);
    expect(ids(devices.upserts)).toEqual([device.id]);
    expect(vehicles.removed).toEqual([]);
    expect(devices.removed).toEqual([]);
  });

  it('answers the one device a pull changed, and its vehicle', async () => {
    const before = await snapshot();
    const device = before.devices.find((d) => d.vehicleId !== null && d.type !== 'Other');
    if (!device) throw new Error('fixture');
    ctx.simulator.setDeviceHeartbeat(device.deviceId, {
      status: device.status === 'online' ? 'offline' : 'online',
    });
    await ctx.deps.mirror.syncFleet(metro.id);
    const { vehicles, devices } = await expectDeltasRebuild(before);
    expect(ids(devices.upserts)).toEqual([device.id]);
    expect(ids(vehicles.upserts)).toEqual([device.vehicleId]);
  });

  it('answers both vehicles of a device moved between them, with their new counts', async () => {
    const before = await snapshot();
    const device = before.devices.find((d) => d.vehicleId !== null && d.navigatorDeviceId !== null);
    const target = before.vehicles.find((v) => !v.isLocal && v.id !== device?.vehicleId);
    if (!device || device.vehicleId === null || !target) throw new Error('fixture');
    const res = await post<AssignDevicesResponse>('/api/devices/assign', {
      deviceIds: [device.deviceId],
      vehicleId: target.id,
      clientId: metro.id,
    });
    expect(res.status).toBe(200);
    const { vehicles, devices } = await expectDeltasRebuild(before);
    expect(ids(devices.upserts)).toEqual([device.id]);
    expect(ids(vehicles.upserts)).toEqual([device.vehicleId, target.id].sort((a, b) => a - b));
    const count = (list: readonly Vehicle[], id: number) => list.find((v) => v.id === id)?.deviceCount;
    const from = before.vehicles.find((v) => v.id === device.vehicleId);
    expect(count(vehicles.upserts, device.vehicleId)).toBe((from?.deviceCount ?? 0) - 1);
    expect(count(vehicles.upserts, target.id)).toBe(target.deviceCount + 1);
  });

  it('answers the id of a removed device, and its vehicle', async () => {
    const before = await snapshot();
    const device = before.devices.find((d) => d.vehicleId !== null);
    if (!device) throw new Error('fixture');
    await ctx.deps.db.transaction(async (tx) => {
      await tx.execute(sql`delete from devices where id = ${device.id}`);
      await bumpRevision(tx, metro.id);
    });
    const { vehicles, devices } = await expectDeltasRebuild(before);
    expect(devices.removed).toEqual([device.id]);
    expect(devices.upserts).toEqual([]);
    expect(ids(vehicles.upserts)).toEqual([device.vehicleId]);
  });

  it('prunes tombstones after 30 days; a delta from before them is the full list', async () => {
    const [tomb] = await ctx.deps.db
      .select({ rev: max(listTombstones.rev) })
      .from(listTombstones)
      .where(eq(listTombstones.clientId, metro.id));
    const removedAt = Number(tomb?.rev);
    expect(removedAt).toBeGreaterThan(0);
    await ctx.deps.db.execute(
      sql`update list_tombstones set created_at = now() - interval '31 days' where client_id = ${metro.id}`,
    );
    await ctx.deps.db.transaction((tx) => bumpRevision(tx, metro.id));
    const before = await raw(path('devices', removedAt - 1));
    expect(Array.isArray(before.r.json())).toBe(true);
    const after = await raw(path('devices', removedAt));
    expect(after.r.json<ListDelta<Device>>()).toMatchObject({ full: false, removed: [] });
  });

  it('answers the full list from a revision it cannot start from', async () => {
    const { revision } = await raw(path('devices'));
    const ahead = await raw(path('devices', revision + 5));
    expect(ahead.status).toBe(200);
    expect(Array.isArray(ahead.r.json())).toBe(true);
    expect(ahead.revision).toBe(revision);
    await ctx.deps.db.execute(sql`update clients set delta_floor = ${revision} where id = ${metro.id}`);
    const old = await raw(path('vehicles', revision - 1));
    expect(Array.isArray(old.r.json())).toBe(true);
    expect(old.revision).toBe(revision);
  });

  it('refuses a malformed revision and another agency (404, as without since)', async () => {
    const bad = await raw(`${path('vehicles')}?since=abc`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.r.json<object>())).toEqual(expect.arrayContaining(['code', 'message']));
    const rival = (await login(ctx, 'rival')).token;
    for (const kind of ['vehicles', 'devices'] as const) {
      const res = await raw(path(kind, 1), rival);
      expect(res.status).toBe(404);
      expect(res.r.body).not.toContain('"upserts"');
    }
  });
});
