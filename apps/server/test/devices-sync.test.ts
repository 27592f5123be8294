import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type {
  AssignDevicesResponse,
  Device,
  DeviceDetail,
  SyncStatusResponse,
} from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import type { TestContext } from './helpers.ts';
import { fleetOf, injector, openMetro, spareOf } from './metro-fleet.ts';

describe('devices: local-first sync with the external system', () => {
  let ctx: TestContext;
  let demo: string;
  let metro: Client;
  let vehicles: Vehicle[];
  let devices: Device[];

  const { get, post } = injector(
    () => ctx,
    () => demo,
  );
  const reload = async () => {
    ({ devices, vehicles } = await fleetOf(get, metro));
  };
  const mirrored = () => vehicles.filter((v) => !v.isLocal);
  const spare = (type?: string) => spareOf(devices, type);

  beforeAll(async () => {
    ({ ctx, demo, metro } = await openMetro());
    await reload();
  });
  afterAll(() => ctx.close());

  it('keeps assignments local through an outage and pushes them once when it ends', async () => {
    await reload();
    const device = spare();
    const vehicle = mirrored()[5];
    if (!vehicle) throw new Error('fixture');
    ctx.simulator.setFailures({ outage: true });
    const res = await post<AssignDevicesResponse>('/api/devices/assign', {
      deviceIds: [device.deviceId],
      vehicleId: vehicle.id,
      clientId: metro.id,
    });
    expect(res.body.assignmentResults[0]).toMatchObject({ localAssigned: true, navigatorAssigned: false });
    expect(res.body.assignmentResults[0]?.error).toBeTruthy();
    expect(res.body.message).toBe('1 devices assigned locally...');
    const sync = await post<SyncStatusResponse | { message: string }>('/api/devices/sync-status', {
      clientId: metro.id,
    });
    expect(sync.status).toBe(503);
    ctx.simulator.setFailures({ outage: false });

    const pending = await post<SyncStatusResponse>('/api/devices/sync-status', { clientId: metro.id });
    expect(pending.body.syncStatus.find((s) => s.deviceId === device.deviceId)).toMatchObject({
      state: 'needsSync',
    });

    const callsBefore = ctx.simulator.callLog().filter((c) => c.method === 'assignDevice').length;
    await ctx.deps.db.execute((await import('drizzle-orm')).sql`update outbox set next_attempt_at = now()`);
    await ctx.deps.outbox.drain();
    await ctx.deps.outbox.drain();
    const calls = ctx.simulator.callLog().filter((c) => c.method === 'assignDevice').length - callsBefore;
    expect(calls).toBe(1);
    expect(ctx.simulator.getDeviceByDeviceId(device.deviceId)?.vehicleExternalId).toBeTruthy();
    const after = await post<SyncStatusResponse>('/api/devices/sync-status', { clientId: metro.id });
    expect(after.body.syncStatus.find((s) => s.deviceId === device.deviceId)).toMatchObject({
      state: 'inSync',
    });
  });

  it('reports a device assigned differently on each side as a conflict', async () => {
    await reload();
    const device = spare('GPS');
    const [a, b] = mirrored().slice(10, 12);
    if (!a || !b) throw new Error('fixture');
    ctx.simulator.setFailures({ outage: true });
    await post('/api/devices/assign', { deviceIds: [device.deviceId], vehicleId: a.id, clientId: metro.id });
    ctx.simulator.setFailures({ outage: false });
    ctx.simulator.assignExternally(device.deviceId, b.vehicleId);
    const res = await post<SyncStatusResponse>('/api/devices/sync-status', { clientId: metro.id });
    expect(res.status).toBe(200);
    const entry = res.body.syncStatus.find((s) => s.deviceId === device.deviceId);
    expect(entry).toMatchObject({
      state: 'conflict',
      localVehicleId: a.vehicleId,
      navigatorVehicleId: b.vehicleId,
    });
    expect(res.body.summary.conflicts).toBeGreaterThanOrEqual(1);
    expect(res.body.summary.inSync).toBeGreaterThan(100);
  });

  it('adopts a change made only in the external system at the next refresh', async () => {
    await reload();
    const device = devices.find((d) => d.type === 'Tablet' && d.vehicleId !== null);
    const target = mirrored().find((v) => v.id !== device?.vehicleId);
    if (!device || !target) throw new Error('fixture');
    ctx.simulator.assignExternally(device.deviceId, target.vehicleId);
    await ctx.deps.mirror.syncFleet(metro.id);
    const detail = await get<DeviceDetail>(`/api/devices/${encodeURIComponent(device.deviceId)}`);
    expect(detail.body.vehicleId).toBe(target.id);
    expect(detail.body.history[0]).toMatchObject({ vehicleId: target.id, assignedBy: 'External system' });
  });

  it('shows a heartbeat change after a status refresh', async () => {
    await reload();
    const device = devices.find((d) => d.type === 'GPS' && d.vehicleId !== null && d.status === 'online');
    if (!device?.vehicleId) throw new Error('fixture');
    ctx.simulator.setDeviceHeartbeat(device.deviceId, { status: 'offline' });
    const res = await post<{ devices: Device[] }>('/api/devices/status/refresh', {
      vehicleId: device.vehicleId,
    });
    expect(res.status).toBe(200);
    expect(res.body.devices.find((d) => d.deviceId === device.deviceId)?.status).toBe('offline');
    ctx.simulator.setDeviceHeartbeat(device.deviceId, { status: 'online' });
  });

  it('a status refresh asked while a pull is out answers what the platform says after the question', async () => {
    await reload();
    const device = devices.find((d) => d.type === 'GPS' && d.vehicleId !== null && d.status === 'online');
    if (!device?.vehicleId) throw new Error('fixture');
    // A background pull reads the fleet (the unit online), then is slow to land.
    let release: () => void = () => undefined;
    const landed = new Promise<void>((resolve) => {
      release = resolve;
    });
    const original = ctx.simulator.listDevices.bind(ctx.simulator);
    const read = vi.spyOn(ctx.simulator, 'listDevices').mockImplementationOnce(async (id) => {
      const answer = await original(id);
      await landed;
      return answer;
    });
    const background = ctx.deps.mirror.syncFleet(metro.id);
    await vi.waitFor(() => expect(read).toHaveBeenCalled());
    // The installer powers the unit down, then asks.
    ctx.simulator.setDeviceHeartbeat(device.deviceId, { status: 'offline' });
    const refresh = post<{ devices: Device[] }>('/api/devices/status/refresh', {
      vehicleId: device.vehicleId,
    });
    setTimeout(release, 50);
    const res = await refresh;
    await background;
    read.mockRestore();
    expect(res.status).toBe(200);
    expect(res.body.devices.find((d) => d.deviceId === device.deviceId)?.status).toBe('offline');
    ctx.simulator.setDeviceHeartbeat(device.deviceId, { status: 'online' });
  });

  it('fails the calls about one device only while the simulator control says so', async () => {
    await reload();
    const [tablet, other] = devices.filter((d) => d.type === 'Tablet' && d.status === 'online');
    if (!tablet || !other) throw new Error('fixture');
    const control = (deviceId: string, outage: boolean) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/__simulator/devices/${encodeURIComponent(deviceId)}/failures`,
        payload: { outage },
      });
    const query = (deviceId: string) =>
      post<{ message: string }>(`/api/devices/${encodeURIComponent(deviceId)}/tablet-operation`, {
        operation: 'query-mdt',
      });
    expect((await control(tablet.deviceId, true)).statusCode).toBe(200);
    try {
      const failing = await query(tablet.deviceId);
      expect(failing.status).toBe(503);
      expect(failing.body.message).toBe(
        'The fleet tracking system cannot be reached. Please try again shortly.',
      );
      expect((await query(other.deviceId)).status).toBe(200);
    } finally {
      await control(tablet.deviceId, false);
    }
    expect((await query(tablet.deviceId)).status).toBe(200);
    expect((await control('NO-SUCH-DEVICE', true)).statusCode).toBe(404);
  });

  it('reports a conflict while a local change cannot reach the external system, which changed too', async () => {
    await reload();
    const device = spare('Other');
    const [a, b] = mirrored().slice(20, 22);
    if (!a || !b) throw new Error('fixture');
    ctx.simulator.setDeviceFailure(device.deviceId, true);
    try {
      const res = await post<AssignDevicesResponse>('/api/devices/assign', {
        deviceIds: [device.deviceId],
        vehicleId: a.id,
        clientId: metro.id,
      });
      expect(res.body.message).toBe('1 devices assigned locally...');
      ctx.simulator.assignExternally(device.deviceId, b.vehicleId);
      await ctx.deps.mirror.syncFleet(metro.id);
      const sync = await post<SyncStatusResponse>('/api/devices/sync-status', { clientId: metro.id });
      expect(sync.body.syncStatus.find((s) => s.deviceId === device.deviceId)).toMatchObject({
        state: 'conflict',
        detail: `Assigned to ${a.vehicleId} here but to ${b.vehicleId} in the external system`,
      });
    } finally {
      ctx.simulator.setDeviceFailure(device.deviceId, false);
    }
  });
});
