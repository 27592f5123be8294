import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type {
  AssignDevicesResponse,
  Device,
  DeviceDetail,
  UnassignDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { login, type TestContext } from './helpers.ts';
import { fleetOf, injector, openMetro, spareOf } from './metro-fleet.ts';

describe('devices: listing, assigning, reassigning, unassigning', () => {
  let ctx: TestContext;
  let demo: string;
  let rival: string;
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
    rival = (await login(ctx, 'rival')).token;
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

  it('refuses, naming both vehicles, an assignment whose device moved after it was chosen', async () => {
    await reload();
    const device = devices.find((d) => d.vehicleId !== null && d.type === 'GPS');
    const [first, second] = mirrored().filter((v) => v.id !== device?.vehicleId);
    if (!device || !first || !second) throw new Error('fixture');
    // Another installer moves the device to the first vehicle...
    const moved = await post('/api/devices/assign', {
      deviceIds: [device.deviceId],
      vehicleId: first.id,
      clientId: metro.id,
    });
    expect(moved.status).toBe(200);
    // ...while this installer's phone, offline, still holds where the device was before.
    const stale = await post<{ code: string; message: string }>('/api/devices/assign', {
      deviceIds: [device.deviceId],
      vehicleId: second.id,
      clientId: metro.id,
      expected: [{ deviceId: device.deviceId, vehicleId: device.vehicleId }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('ASSIGNMENT_CONFLICT');
    expect(stale.body.message).toBe(
      `Device ${device.deviceId} is now on ${first.vehicleId} (it was on ${String(device.vehicleLabel)} when you chose it).`,
    );
    const detail = await get<DeviceDetail>(`/api/devices/${encodeURIComponent(device.deviceId)}`);
    expect(detail.body.vehicleId).toBe(first.id);
    // Chosen where it is now (or already on the target), the same assignment goes through.
    const fresh = await post<AssignDevicesResponse>('/api/devices/assign', {
      deviceIds: [device.deviceId],
      vehicleId: second.id,
      clientId: metro.id,
      expected: [{ deviceId: device.deviceId, vehicleId: first.id }],
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.assignmentResults[0]).toMatchObject({
      localAssigned: true,
      previousVehicleId: first.id,
    });
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
