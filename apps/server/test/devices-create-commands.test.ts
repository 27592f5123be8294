import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type {
  CreateDeviceResponse,
  Device,
  DeviceDetail,
  DeviceSystem,
  SmsCommandResponse,
  TabletOperationResponse,
} from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import type { TestContext } from './helpers.ts';
import { fleetOf, injector, openMetro } from './metro-fleet.ts';

describe('devices: creation, SMS and tablet commands', () => {
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

  beforeAll(async () => {
    ({ ctx, demo, metro } = await openMetro());
    await reload();
  });
  afterAll(() => ctx.close());

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
    const noType = await post<{ code: string; message: string }>('/api/devices', {
      clientId: metro.id,
      type: 'Toaster',
      name: 'T',
      deviceSystem: 'MDT',
    });
    expect(noType.status).toBe(400);
    expect(noType.body.message).toBe('Device type is required');
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
});
