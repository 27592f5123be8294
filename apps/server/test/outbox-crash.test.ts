import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { AssignDevicesResponse, CreateDeviceResponse, Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/query.ts';
import { deviceSubject, vehicleSubject } from '../src/modules/sync/outbox.service.ts';
import { crashedProcess, fleetWrites, until } from './outbox-crash-helpers.ts';
import type { TestContext } from './helpers.ts';
import { fleetOf, injector, openMetro, spareOf } from './metro-fleet.ts';

/**
 * Issue 32, section 7: a process killed (kill -9) after the platform took a push and before the
 * push was recorded. The push reaches the platform once: repeated by the request path it goes
 * under the key of its first try (the simulator answers it with the first result), and the
 * restarted server finds the dead process's lease released at start (due at once, not in 60 s)
 * and reads the platform's state before writing again. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
describe('outbox: a push cut by a crash reaches the platform once', () => {
  let ctx: TestContext;
  let demo: string;
  let metro: Client;
  let devices: Device[];
  let vehicles: Vehicle[];
  const { get, post } = injector(
    () => ctx,
    () => demo,
  );
  const reload = async () => ({ devices, vehicles } = await fleetOf(get, metro));
  const mirrored = () => vehicles.filter((v) => !v.isLocal);
  const applied = () => ctx.simulator.keyedWriteStats().applied;

  beforeAll(async () => {
    ({ ctx, demo, metro } = await openMetro());
    await reload();
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const rowsOf = (subject: string) =>
    queryRows<{ kind: string; status: string; holder: string | null; due: boolean }>(
      ctx.deps.db,
      sql`select kind, status, holder, coalesce(locked_until < now(), false) as due
          from outbox where subject = ${subject} order by id`,
    );
  const rowIdOf = async (deviceId: string) => {
    const [row] = await queryRows<{ id: number }>(
      ctx.deps.db,
      sql`select id from devices where device_id = ${deviceId}`,
    );
    return Number(row?.id);
  };
  /** The platform could not be reached when the installer saved it: the push waits, due now. */
  const savedWhileDown = async <T>(write: () => Promise<T>): Promise<T> => {
    ctx.simulator.setFailures({ outage: true });
    try {
      return await write();
    } finally {
      ctx.simulator.setFailures({ outage: false });
      await ctx.deps.db.execute(sql`update outbox set next_attempt_at = now() where status = 'pending'`);
    }
  };
  /** A server process started on the same database with the same platform: the restart. */
  const restart = async () => {
    const started = await buildApp({
      config: ctx.config,
      database: ctx.database,
      fleet: { provider: ctx.simulator, simulator: ctx.simulator },
      background: false,
    });
    await started.app.ready();
    return started;
  };
  const assign = (device: Device, vehicle: Vehicle) =>
    post<AssignDevicesResponse>('/api/devices/assign', {
      deviceIds: [device.deviceId],
      vehicleId: vehicle.id,
      clientId: metro.id,
    });

  it('an assignment the platform took is recorded at the restart, at once, with no second write', async () => {
    const device = spareOf(devices);
    const vehicle = mirrored()[5];
    if (!vehicle) throw new Error('fixture');
    const saved = await savedWhileDown(() => assign(device, vehicle));
    expect(saved.body.assignmentResults[0]).toMatchObject({ localAssigned: true, navigatorAssigned: false });
    const subject = deviceSubject(await rowIdOf(device.deviceId));
    const writes = fleetWrites(ctx.simulator);
    const before = applied();

    const crashed = await crashedProcess(ctx, 'outbox-crash-process-1');
    void crashed.outbox.pushNow(subject);
    await until(() => crashed.landed.length === 1);
    expect(ctx.simulator.getDeviceByDeviceId(device.deviceId)?.vehicleExternalId).toBeTruthy();
    expect(await rowsOf(subject)).toEqual([
      { kind: 'device-assignment', status: 'processing', holder: crashed.id, due: false },
    ]);

    const restarted = await restart();
    try {
      // Released at start: due now, not when the 60 s lease runs out.
      expect((await rowsOf(subject))[0]).toMatchObject({ status: 'processing', due: true });
      await restarted.deps.outbox.drain();
      expect(await rowsOf(subject)).toEqual([
        { kind: 'device-assignment', status: 'done', holder: null, due: false },
      ]);
    } finally {
      await restarted.app.close();
    }
    expect(applied()).toBe(before + 1);
    expect(writes.assignDevice).toHaveBeenCalledTimes(1);
    const [synced] = await queryRows<{ synced: string | null }>(
      ctx.deps.db,
      sql`select synced_vehicle_external_id as synced from devices where device_id = ${device.deviceId}`,
    );
    expect(synced?.synced).toBe(ctx.simulator.getDeviceByDeviceId(device.deviceId)?.vehicleExternalId);
  });

  it('repeated by the request path, a cut push goes under the key of its first try', async () => {
    await reload();
    const device = spareOf(devices);
    const vehicle = mirrored()[6];
    if (!vehicle) throw new Error('fixture');
    await savedWhileDown(() => assign(device, vehicle));
    const subject = deviceSubject(await rowIdOf(device.deviceId));
    const writes = fleetWrites(ctx.simulator);
    const crashed = await crashedProcess(ctx, 'outbox-crash-process-2');
    void crashed.outbox.pushNow(subject);
    await until(() => crashed.landed.length === 1);
    const firstKey = writes.assignDevice.mock.calls[0]?.[2];
    expect(typeof firstKey).toBe('string');
    const before = ctx.simulator.keyedWriteStats();

    // The installer (or another process) sends it again while the first row is still held: a
    // second row carries the same push, and the platform answers it with the first result.
    const again = await assign(device, vehicle);
    expect(again.body.assignmentResults[0]).toMatchObject({ localAssigned: true, navigatorAssigned: true });
    expect(writes.assignDevice.mock.calls.map((call) => call[2])).toEqual([firstKey, firstKey]);
    expect(ctx.simulator.keyedWriteStats()).toEqual({
      applied: before.applied,
      replayed: before.replayed + 1,
    });
    expect((await rowsOf(subject)).map((r) => [r.status, r.holder])).toEqual([
      ['processing', crashed.id],
      ['done', null],
    ]);
    // The drain of a live process sees the holder dead and settles the first row by the check.
    await ctx.deps.outbox.drain();
    expect((await rowsOf(subject)).map((r) => r.status)).toEqual(['done', 'done']);
    expect(writes.assignDevice).toHaveBeenCalledTimes(2);
    expect(applied()).toBe(before.applied);

    // The same state set again by a later change is a new push, applied.
    const unassigned = await post('/api/devices/unassign', { deviceId: device.deviceId, clientId: metro.id });
    expect(unassigned.status).toBe(200);
    expect(ctx.simulator.getDeviceByDeviceId(device.deviceId)?.vehicleExternalId).toBeNull();
    const back = await assign(device, vehicle);
    expect(back.body.assignmentResults[0]).toMatchObject({ navigatorAssigned: true });
    expect(ctx.simulator.getDeviceByDeviceId(device.deviceId)?.vehicleExternalId).toBeTruthy();
    expect(applied()).toBe(before.applied + 2);
  });

  it('a device whose creation the platform took is created there once', async () => {
    await reload();
    const vehicle = mirrored()[7];
    if (!vehicle) throw new Error('fixture');
    const created = await savedWhileDown(() =>
      post<CreateDeviceResponse>('/api/devices', {
        clientId: metro.id,
        vehicleId: vehicle.id,
        type: 'Router',
        name: 'Crash router',
        deviceSystem: 'Cradlepoint IBR900',
        serialNumber: 'CRASH-0001',
      }),
    );
    expect(created.status).toBe(201);
    const subject = deviceSubject(created.body.device.id);
    const count = ctx.simulator.counts().devices;
    const crashed = await crashedProcess(ctx, 'outbox-crash-process-3');
    void crashed.outbox.pushNow(subject);
    await until(() => crashed.landed.length === 1);
    expect(ctx.simulator.counts().devices).toBe(count + 1);

    const restarted = await restart();
    try {
      await restarted.deps.outbox.drain();
    } finally {
      await restarted.app.close();
    }
    expect(ctx.simulator.counts().devices).toBe(count + 1);
    expect((await rowsOf(subject)).map((r) => [r.kind, r.status])).toEqual([
      ['device-create', 'done'],
      ['device-assignment', 'done'],
    ]);
    const [row] = await queryRows<{ navigatorDeviceId: string | null }>(
      ctx.deps.db,
      sql`select navigator_device_id as "navigatorDeviceId" from devices where id = ${created.body.device.id}`,
    );
    const there = await ctx.simulator.getDevice(row?.navigatorDeviceId ?? '');
    expect(there).toMatchObject({ name: 'Crash router', serialNumber: 'CRASH-0001' });
    expect(there?.vehicleExternalId).toBeTruthy();
  });

  it('a vehicle edit the platform took is not written again after the restart', async () => {
    await reload();
    const vehicle = mirrored()[8];
    if (!vehicle) throw new Error('fixture');
    const edit = () =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/vehicles/${String(vehicle.id)}`,
        headers: { authorization: `Bearer ${demo}` },
        payload: { make: 'Crash Coach', odometer: 4242 },
      });
    expect((await savedWhileDown(edit)).statusCode).toBe(200);
    const subject = vehicleSubject(vehicle.id);
    const writes = fleetWrites(ctx.simulator);
    const before = applied();
    const crashed = await crashedProcess(ctx, 'outbox-crash-process-4');
    void crashed.outbox.pushNow(subject);
    await until(() => crashed.landed.length === 1);

    const restarted = await restart();
    try {
      await restarted.deps.outbox.drain();
    } finally {
      await restarted.app.close();
    }
    expect((await rowsOf(subject)).map((r) => r.status)).toEqual(['done']);
    expect(writes.updateVehicle).toHaveBeenCalledTimes(1);
    expect(applied()).toBe(before + 1);
  });

  it('a process that starts releases the leases of dead holders and keeps those of live ones', async () => {
    const crashed = await crashedProcess(ctx, 'outbox-crash-process-5');
    const held = (subject: string, holder: string) =>
      ctx.deps.db.execute(
        sql`insert into outbox (kind, subject, payload, status, holder, locked_until, attempts)
            values ('device-assignment', ${subject}, '{}'::jsonb, 'processing', ${holder},
                    now() + interval '60 seconds', 1)`,
      );
    await held('device:held-by-dead', crashed.id);
    await held('device:held-by-live', ctx.deps.instance.id);
    const started = await restart();
    await started.app.close();
    expect(await rowsOf('device:held-by-dead')).toEqual([
      { kind: 'device-assignment', status: 'processing', holder: crashed.id, due: true },
    ]);
    expect(await rowsOf('device:held-by-live')).toEqual([
      { kind: 'device-assignment', status: 'processing', holder: ctx.deps.instance.id, due: false },
    ]);
    await ctx.deps.db.execute(sql`delete from outbox where subject like 'device:held-by-%'`);
  });
});
