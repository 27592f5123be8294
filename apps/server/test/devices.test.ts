import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type {
  AssignDevicesResponse,
  CreateDeviceResponse,
  Device,
  DeviceDetail,
  DeviceSystem,
  SmsCommandResponse,
  SyncStatusResponse,
  TabletOperationResponse,
  UnassignDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';

describe('devices', () => {
  let ctx: TestContext;
  let demo: string;
  let rival: string;
  let metro: Client;
  let vehicles: Vehicle[];
  let devices: Device[];

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the response type it expects
  const get = <T>(url: string, token = demo) =>
    ctx.app
      .inject({ method: 'GET', url, headers: bearer(token) })
      .then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- as above
  const post = <T>(url: string, payload: object, token = demo) =>
    ctx.app
      .inject({ method: 'POST', url, headers: bearer(token), payload })
      .then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const reload = async () => {
    devices = (await get<Device[]>(`/api/devices/client/${String(metro.id)}`)).body;
    vehicles = (await get<Vehicle[]>(`/api/vehicles/client/${String(metro.id)}`)).body;
  };
  const mirrored = () => vehicles.filter((v) => !v.isLocal);
  const spare = (type?: string) => {
    const d = devices.find((x) => x.vehicleId === null && (!type || x.type === type));
    if (!d) throw new Error(`no unassigned ${type ?? ''} device`);
    return d;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    demo = (await login(ctx, 'demo')).token;
    rival = (await login(ctx, 'rival')).token;
    const c = [...(await clientsOf(ctx, demo))].sort((a, b) => b.vehicleCount - a.vehicleCount)[0];
    if (!c) throw new Error('no agency');
    metro = c;
    await reload();
  });
  afterAll(() => ctx.close());

  it('lists every type of device, some unassigned', () => {
    expect(new Set(devices.map((d) => d.type))).toEqual(new Set(['GPS', 'Tablet', 'Router', 'APC', 'Other']));
    expect(devices.some((d) => d.vehicleId === null)).toBe(true);
  });

  it('assigns an unassigned device locally and in the external system, with history', async () => {
    const device = spare();
    const vehicle = mirrored()[3];
    if (!vehicle) throw new Error('no vehicle');
    const res = await post<AssignDevicesResponse>('/api/devices/assign', {
      deviceIds: [device.deviceId],
      vehicleId: vehicle.id,
      clientId: metro.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.assignmentResults).toEqual([
      {
        deviceId: device.deviceId,
        navigatorAssigned: true,
        localAssigned: true,
        error: null,
        previousVehicleId: null,
      },
    ]);
    expect(res.body.message).toBe('1 devices successfully assigned to the external system.');
    expect(res.body.devices.map((d) => d.deviceId)).toContain(device.deviceId);
    expect(ctx.simulator.getDeviceByDeviceId(device.deviceId)?.vehicleExternalId).toBeTruthy();
    const detail = await get<DeviceDetail>(`/api/devices/${encodeURIComponent(device.deviceId)}`);
    expect(detail.body.history[0]).toMatchObject({ vehicleId: vehicle.id, toAt: null });
    expect(detail.body.history[0]?.assignedBy).toBeTruthy();
  });

  it('reassigns a device, keeping the earlier assignment in the history', async () => {
    await reload();
    const device = devices.find((d) => d.vehicleId !== null && d.type === 'Router');
    const target = mirrored().find((v) => v.id !== device?.vehicleId);
    if (!device || !target) throw new Error('fixture');
    const res = await post<AssignDevicesResponse>('/api/devices/assign', {
      deviceIds: [device.deviceId],
      vehicleId: target.id,
      clientId: metro.id,
    });
    expect(res.body.assignmentResults[0]).toMatchObject({
      localAssigned: true,
      navigatorAssigned: true,
      previousVehicleId: device.vehicleId,
    });
    const detail = await get<DeviceDetail>(`/api/devices/${encodeURIComponent(device.deviceId)}`);
    expect(detail.body.history[0]).toMatchObject({ vehicleId: target.id, toAt: null });
    expect(detail.body.history.some((h) => h.vehicleId === device.vehicleId && h.toAt !== null)).toBe(true);
  });

  it('reports unknown devices per device and refuses other agencies', async () => {
    const vehicle = mirrored()[0];
    if (!vehicle) throw new Error('fixture');
    const res = await post<AssignDevicesResponse>('/api/devices/assign', {
      deviceIds: ['NOPE-1'],
      vehicleId: vehicle.id,
      clientId: metro.id,
    });
    expect(res.body.assignmentResults[0]).toMatchObject({
      deviceId: 'NOPE-1',
      localAssigned: false,
      error: 'Device not found',
    });
    expect(res.body.message).toBe('Failed to assign devices to vehicle');
    const cross = await post(
      '/api/devices/assign',
      { deviceIds: [spare().deviceId], vehicleId: vehicle.id, clientId: metro.id },
      rival,
    );
    expect(cross.status).toBe(404);
    const empty = await post<{ message: string }>('/api/devices/assign', {
      deviceIds: [],
      vehicleId: vehicle.id,
      clientId: metro.id,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('No vehicle selected or no devices to assign');
  });

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

  it('unassigns a device', async () => {
    await reload();
    const device = devices.find((d) => d.vehicleId !== null && d.type === 'APC');
    if (!device) throw new Error('fixture');
    const res = await post<UnassignDeviceResponse>('/api/devices/unassign', {
      deviceId: device.deviceId,
      clientId: metro.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ navigatorUnassigned: true, localUnassigned: true, error: null });
    expect(res.body.device.vehicleId).toBeNull();
    expect(ctx.simulator.getDeviceByDeviceId(device.deviceId)?.vehicleExternalId).toBeNull();
    const again = await post<{ message: string }>('/api/devices/unassign', {
      deviceId: device.deviceId,
      clientId: metro.id,
    });
    expect(again.status).toBe(400);
    const cross = await post(
      '/api/devices/unassign',
      { deviceId: device.deviceId, clientId: metro.id },
      rival,
    );
    expect(cross.status).toBe(404);
  });

  it('creates devices of each type with their required fields', async () => {
    const systems = (await get<DeviceSystem[]>(`/api/device-systems/client/${String(metro.id)}`)).body;
    expect(systems.length).toBeGreaterThan(3);
    const vehicle = mirrored()[20];
    if (!vehicle) throw new Error('fixture');
    const base = { clientId: metro.id, vehicleId: vehicle.id };
    const router = await post<CreateDeviceResponse>('/api/devices', {
      ...base,
      type: 'Router',
      name: 'Rear router',
      deviceSystem: 'Cradlepoint IBR900',
      serialNumber: 'WA2011000123',
    });
    expect(router.status).toBe(201);
    expect(router.body.device).toMatchObject({
      type: 'Router',
      vehicleId: vehicle.id,
      serialNumber: 'WA2011000123',
    });
    expect(router.body.navigatorAssigned).toBe(true);
    const apcMissing = await post<{ issues: { path: string; message: string }[] }>('/api/devices', {
      ...base,
      type: 'APC',
      name: 'Front APC',
      deviceSystem: 'APS1 Front',
      serialNumber: 'S1',
    });
    expect(apcMissing.status).toBe(400);
    expect(apcMissing.body.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['heightToFloor', 'heightToStreet']),
    );
    expect(apcMissing.body.issues[0]?.message).toBe('Required fields missing for selected device type');
    const apc = await post<CreateDeviceResponse>('/api/devices', {
      ...base,
      type: 'APC',
      name: 'Front APC',
      deviceSystem: 'APS1 Front',
      serialNumber: 'S1',
      heightToFloor: 30,
      heightToStreet: 45,
      hasStairs: true,
    });
    expect(apc.status).toBe(201);
    const gps = await post<CreateDeviceResponse>('/api/devices', {
      clientId: metro.id,
      type: 'GPS',
      name: 'LMU spare',
      deviceSystem: 'CalAmp LMU-3640',
      serialNumberESN: '4661234567',
      phoneNumber: '555-201-3344',
    });
    expect(gps.status).toBe(201);
    expect(gps.body.device.vehicleId).toBeNull();
    const noName = await post<{ message: string }>('/api/devices', {
      clientId: metro.id,
      type: 'Tablet',
      name: '',
      deviceSystem: 'MDT',
    });
    expect(noName.body.message).toBe('Device name is required');
    const routerNoSerial = await post<{ message: string }>('/api/devices', {
      clientId: metro.id,
      type: 'Router',
      name: 'R',
      deviceSystem: 'Cradlepoint',
    });
    expect(routerNoSerial.body.message).toBe('Required fields missing for selected device type');
  });

  it('creates a device locally during an outage and adds it to the external system later', async () => {
    ctx.simulator.setFailures({ outage: true });
    const res = await post<CreateDeviceResponse>('/api/devices', {
      clientId: metro.id,
      type: 'Tablet',
      name: 'Tab offline',
      deviceSystem: 'Samsung Galaxy Tab Active MDT',
    });
    ctx.simulator.setFailures({ outage: false });
    expect(res.status).toBe(201);
    expect(res.body.device.navigatorDeviceId).toBeNull();
    await ctx.deps.outbox.drain();
    const detail = await get<DeviceDetail>(`/api/devices/${encodeURIComponent(res.body.device.deviceId)}`);
    expect(detail.body.navigatorDeviceId).toBeTruthy();
  });

  it('sends SMS commands to GPS units with a phone and reads the reply', async () => {
    await reload();
    const gps = devices.find((d) => d.type === 'GPS' && d.phone && d.status === 'online');
    const tablet = devices.find((d) => d.type === 'Tablet');
    if (!gps || !tablet) throw new Error('fixture');
    const res = await post<SmsCommandResponse>(`/api/devices/${encodeURIComponent(gps.deviceId)}/sms`, {
      command: '!R0',
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    // The CalAmp text status form: an online unit has a data session and the server's acknowledgement.
    expect(res.body.reply).toMatch(
      /^APP:\d{3} \S+\nCOM:-\d{2,3} DA[.L] [\d.]+ \S+\nGPS:(3D|2D) \d+\nINP:[01]{8} \d{4,5}$/,
    );
    const notGps = await post<{ message: string }>(
      `/api/devices/${encodeURIComponent(tablet.deviceId)}/sms`,
      { command: '!R0' },
    );
    expect(notGps.status).toBe(400);
    expect(notGps.body.message).toBe('SMS Not Available');
    const badCommand = await post(`/api/devices/${encodeURIComponent(gps.deviceId)}/sms`, {
      command: 'rm -rf',
    });
    expect(badCommand.status).toBe(400);
  });

  it('runs tablet operations and lists software versions', async () => {
    await reload();
    const tablet = devices.find((d) => d.type === 'Tablet' && d.status === 'online');
    if (!tablet) throw new Error('fixture');
    const versions = await get<{ version: string; type: string }[]>('/api/software/versions?type=production');
    expect(versions.status).toBe(200);
    expect(versions.body.length).toBeGreaterThan(0);
    expect(versions.body.every((v) => v.type === 'production')).toBe(true);
    expect((await get('/api/software/versions?type=beta')).status).toBe(400);
    const query = await post<TabletOperationResponse>(
      `/api/devices/${encodeURIComponent(tablet.deviceId)}/tablet-operation`,
      { operation: 'query-mdt' },
    );
    expect(query.status).toBe(200);
    expect(query.body.result.command).toBeTruthy();
    const update = await post<TabletOperationResponse>(
      `/api/devices/${encodeURIComponent(tablet.deviceId)}/tablet-operation`,
      { operation: 'software-update', softwareVersion: versions.body[0]?.version },
    );
    expect(update.body.success).toBe(true);
    const noVersion = await post(`/api/devices/${encodeURIComponent(tablet.deviceId)}/tablet-operation`, {
      operation: 'software-update',
    });
    expect(noVersion.status).toBe(400);
    ctx.simulator.setFailures({ errorRate: 1 });
    const failing = await post<{ message: string }>(
      `/api/devices/${encodeURIComponent(tablet.deviceId)}/tablet-operation`,
      { operation: 'publish-conf' },
    );
    ctx.simulator.setFailures({ errorRate: 0 });
    expect(failing.status).toBe(503);
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

  it('hides another agency device and its detail', async () => {
    const device = devices[0];
    if (!device) throw new Error('fixture');
    expect((await get(`/api/devices/${encodeURIComponent(device.deviceId)}`, rival)).status).toBe(404);
    expect((await get(`/api/device-systems/client/${String(metro.id)}`, rival)).status).toBe(404);
    expect(
      (await post(`/api/devices/${encodeURIComponent(device.deviceId)}/sms`, { command: '!R0' }, rival))
        .status,
    ).toBe(404);
    const all = await get<Device[]>('/api/devices', rival);
    expect(all.body.some((d) => d.clientId === metro.id)).toBe(false);
  });
});
