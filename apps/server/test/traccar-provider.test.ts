import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type ProviderActor,
} from '../src/providers/fleet/fleet-provider.ts';
import type { TraccarLog } from '../src/providers/fleet/traccar/traccar-http.ts';
import {
  TRACCAR_MESSAGES,
  TraccarFleetProvider,
  TraccarTokenError,
} from '../src/providers/fleet/traccar/traccar-provider.ts';
import {
  STANDIN_ADMIN_TOKEN,
  STANDIN_PASSWORD,
  STANDIN_USERS,
} from '../tools/traccar-standin/standin-seed.ts';
import { TraccarStandin } from '../tools/traccar-standin/standin-server.ts';
import type { TcDevice } from '../tools/traccar-standin/standin-state.ts';

/** Each mapping rule of issue 26 / decision 033, against the stand-in. */
let standin: TraccarStandin;
let provider: TraccarFleetProvider;
let logged: { level: string; obj: object; msg: string }[];

const log: TraccarLog = {
  info: (obj, msg) => logged.push({ level: 'info', obj, msg }),
  warn: (obj, msg) => logged.push({ level: 'warn', obj, msg }),
  error: (obj, msg) => logged.push({ level: 'error', obj, msg }),
};
const make = (token = STANDIN_ADMIN_TOKEN, url = standin.url) =>
  new TraccarFleetProvider({ baseUrl: url, token, timeoutMs: 2000, log, listTtlMs: 0 });

let actor: ProviderActor; // the installer every write goes as (issue 32), with a token of theirs

beforeEach(async () => {
  logged = [];
  standin = await new TraccarStandin().start();
  provider = make();
  await provider.connect();
  const installer = standin.state.userByEmail(STANDIN_USERS.installer.email)?.id ?? 0;
  actor = { externalId: String(installer), credential: standin.state.issueToken(installer) };
});
afterEach(() => standin.stop());

const group = (name: string) => {
  const g = [...standin.state.groups.values()].find((x) => x.name === name);
  if (!g) throw new Error(`no group ${name}`);
  return g;
};
const deviceIn = (groupName: string, pick: (d: TcDevice) => boolean = () => true) => {
  const g = group(groupName);
  const d = [...standin.state.devices.values()].find((x) => x.groupId === g.id && pick(x));
  if (!d) throw new Error(`no device in ${groupName}`);
  return d;
};

describe('Traccar provider: start-up and sign-in', () => {
  it('reads the version and textEnabled, and checks that the token is an administrator’s', async () => {
    expect(provider.server).toEqual({ version: '6.14.5', textEnabled: true });
    await expect(make('wrong-token').connect()).rejects.toBeInstanceOf(TraccarTokenError);
    const installerToken = 'installer-token';
    const installer = [...standin.state.users.values()].find(
      (u) => u.email === STANDIN_USERS.installer.email,
    );
    standin.state.tokens.set(installerToken, installer?.id ?? 0);
    await expect(make(installerToken).connect()).rejects.toThrow(/not a Traccar administrator/);
  });

  it('an unreachable Traccar is "unavailable", never a token problem', async () => {
    await standin.stop();
    await expect(make().connect()).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('signs an installer in with e-mail and password; agencies are the top-level groups their session sees; the session is ended', async () => {
    const account = await provider.signIn(STANDIN_USERS.installer.email, STANDIN_PASSWORD);
    expect(account).toMatchObject({
      username: STANDIN_USERS.installer.email,
      name: STANDIN_USERS.installer.name,
    });
    expect(account?.clientExternalIds.sort()).toEqual(
      [String(group('Metro Transit').id), String(group('Valley Bus').id)].sort(),
    );
    expect(standin.state.sessions.size).toBe(0);
    expect(await provider.signIn(STANDIN_USERS.installer.email, 'wrong')).toBeNull();
    expect((await provider.signIn(STANDIN_USERS.nobody.email, STANDIN_PASSWORD))?.clientExternalIds).toEqual(
      [],
    );
  });
});

describe('Traccar provider: agencies, vehicles, devices', () => {
  it('an agency is a top-level group; a vehicle a group inside it, named by its fleet number, with its attributes', async () => {
    const metro = group('Metro Transit');
    expect(await provider.listClients([String(metro.id)])).toEqual([
      {
        externalId: String(metro.id),
        name: 'Metro Transit',
        fullName: 'Metro Transit Authority',
        region: 'Portland, OR',
      },
    ]);
    const vehicles = await provider.listVehicles(String(metro.id));
    expect(vehicles).toHaveLength(30);
    expect(vehicles[0]).toMatchObject({
      vehicleId: '1000',
      make: 'Gillig',
      model: 'Low Floor',
      year: 2015,
      odometer: 50_000,
    });
  });

  it('editing a vehicle writes its keys and keeps every other attribute of the group', async () => {
    const bus = group('1003');
    await provider.updateVehicle(
      String(bus.id),
      { vin: '15GGD271XG1186537', odometer: 61_000, make: null },
      undefined,
      actor,
    );
    expect(standin.state.groups.get(bus.id)).toMatchObject({
      name: '1003',
      groupId: group('Metro Transit').id,
      attributes: { vin: '15GGD271XG1186537', odometer: 61_000, garage: 'North depot', model: 'Low Floor' },
    });
    expect(standin.state.groups.get(bus.id)?.attributes).not.toHaveProperty('make');
  });

  it('devices: id = uniqueId, type from attributes.deviceType (absent: GPS), phone, system = model, status and last seen, signal from rssi', async () => {
    const metro = group('Metro Transit');
    const devices = await provider.listDevices(String(metro.id));
    const gps = deviceIn('1000', (d) => d.phone !== null);
    const router = deviceIn('1000', (d) => d.attributes.deviceType === 'Router');
    const mapped = devices.find((d) => d.externalId === String(gps.id));
    expect(mapped).toMatchObject({
      deviceId: gps.uniqueId,
      type: 'GPS',
      phone: gps.phone,
      deviceSystem: 'CalAmp LMU-4230',
      vehicleExternalId: String(group('1000').id),
      lastHeartbeat: gps.lastUpdate ? new Date(gps.lastUpdate).toISOString() : null,
    });
    const rssi = standin.state.positions.get(gps.positionId)?.attributes.rssi;
    expect(mapped?.signalStrength).toBe(Math.round((Number(rssi) / 31) * 100));
    expect(devices.find((d) => d.externalId === String(router.id))?.type).toBe('Router');
    const spare = deviceIn('Metro Transit');
    expect(devices.find((d) => d.externalId === String(spare.id))?.vehicleExternalId).toBeNull();
    standin.setStatus(gps.uniqueId, 'unknown');
    const again = await provider.listDevices(String(metro.id));
    expect(again.find((d) => d.externalId === String(gps.id))?.status).toBe('warning');
  });

  it('configuration-test data comes from the latest position: fix, its age, satellites, power and battery', async () => {
    const gps = deviceIn('1002', (d) => d.phone !== null);
    standin.setStatus(gps.uniqueId, 'online', { sat: 11, power: 13.4, battery: 4.05 });
    const devices = await provider.listDevices(String(group('Metro Transit').id));
    const meta = devices.find((d) => d.externalId === String(gps.id))?.metadata;
    expect(meta).toMatchObject({ gpsCount: 11, fixValid: true, power: 13.4, batteryVoltage: 4.05 });
    expect(Date.now() - Date.parse(String(meta?.lastFixAt))).toBeLessThan(10_000);
  });

  it('device systems are the distinct models of the agency’s devices', async () => {
    const systems = await provider.listDeviceSystems(String(group('Metro Transit').id));
    expect(systems.map((s) => s.name)).toEqual(
      [
        'CalAmp LMU-4230',
        'Cradlepoint IBR900 router',
        'Iris APC front',
        'Samsung Galaxy Tab Active tablet',
      ].filter((n) => systems.some((s) => s.name === n)),
    );
    expect(systems.find((s) => s.name === 'CalAmp LMU-4230')).toMatchObject({ gps: true, router: false });
  });

  it('assign and unassign change only groupId: every other field of the device stays', async () => {
    const spare = deviceIn('Metro Transit');
    spare.attributes = { deviceType: spare.attributes.deviceType ?? 'GPS', note: 'keep me' };
    spare.contact = 'depot';
    const before = { ...spare };
    await provider.assignDevice(String(spare.id), String(group('1005').id), undefined, actor);
    expect(standin.state.devices.get(spare.id)).toEqual({ ...before, groupId: group('1005').id });
    await provider.unassignDevice(String(spare.id), undefined, actor);
    expect(standin.state.devices.get(spare.id)).toEqual({ ...before, groupId: group('Metro Transit').id });
    const writes = standin.writes.length;
    await provider.unassignDevice(String(spare.id), undefined, actor);
    expect(standin.writes.length).toBe(writes);
  });

  it('creates a device with name, uniqueId, groupId, phone, model and attributes.deviceType', async () => {
    const metro = group('Metro Transit');
    const created = await provider.createDevice(
      {
        clientExternalId: String(metro.id),
        type: 'Router',
        name: 'Bus 1010 router',
        deviceSystem: 'Cradlepoint IBR900 router',
        serialNumber: 'WA1234567890',
        serialNumberESN: null,
        phoneNumber: null,
        simCardId: null,
        imei: null,
        heightToFloor: null,
        heightToStreet: null,
        hasStairs: false,
      },
      undefined,
      actor,
    );
    expect(created).toMatchObject({ deviceId: 'WA1234567890', type: 'Router', vehicleExternalId: null });
    const last = standin.writes.at(-1);
    expect(last?.path).toBe('/api/devices');
    expect(JSON.parse(last?.body ?? '{}')).toEqual({
      name: 'Bus 1010 router',
      uniqueId: 'WA1234567890',
      groupId: metro.id,
      phone: null,
      model: 'Cradlepoint IBR900 router',
      attributes: { deviceType: 'Router' },
    });
  });

  it('an id that exists anywhere on the server (another tenant’s) gets the spec’s duplicate message, not a stack trace', async () => {
    const other = deviceIn('9000');
    const attempt = provider.createDevice(
      {
        clientExternalId: String(group('Metro Transit').id),
        type: 'GPS',
        name: 'dup',
        deviceSystem: 'CalAmp LMU-4230',
        serialNumber: null,
        serialNumberESN: null,
        phoneNumber: null,
        simCardId: null,
        imei: other.uniqueId,
        heightToFloor: null,
        heightToStreet: null,
        hasStairs: false,
      },
      undefined,
      actor,
    );
    await expect(attempt).rejects.toThrow('Device already added');
    expect(standin.writes.filter((w) => w.method === 'POST')).toEqual([]);
  });
});

describe('Traccar provider: commands and errors', () => {
  it('SMS: custom command on the text channel with attributes.data; sent, no reply claimed', async () => {
    const gps = deviceIn('1000', (d) => d.phone !== null);
    const reply = await provider.sendSms(String(gps.id), '!R3,20,0', actor);
    const phone = gps.phone;
    expect(reply).toMatchObject({
      delivered: true,
      queued: false,
      reply: null,
      repliesCaptured: false,
      phone,
    });
    expect(standin.state.commands.at(-1)).toEqual({
      deviceId: gps.id,
      type: 'custom',
      textChannel: true,
      data: '!R3,20,0',
      answer: 200,
    });
  });

  it('SMS when textEnabled is false: says SMS is not set up, sends nothing', async () => {
    standin.state.textEnabled = false;
    await provider.connect();
    const gps = deviceIn('1000', (d) => d.phone !== null);
    await expect(provider.sendSms(String(gps.id), '!R0', actor)).rejects.toThrow(
      TRACCAR_MESSAGES.smsNotSetUp,
    );
    expect(standin.state.commands).toEqual([]);
  });

  it('a 400 (Java stack trace) is logged whole and becomes our message', async () => {
    const noPhone = deviceIn('1000', (d) => d.phone === null);
    const err = await provider.sendSms(String(noPhone.id), '!R0', actor).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderRejectedError);
    expect((err as Error).message).toBe(TRACCAR_MESSAGES.smsRefused);
    expect(logged.some((l) => JSON.stringify(l.obj).includes('at org.traccar'))).toBe(true);
  });

  it('unreachable: ProviderUnavailableError; tablet operations and uploads are not available', async () => {
    await expect(provider.tabletOperation()).rejects.toThrow(TRACCAR_MESSAGES.notAvailable);
    await expect(provider.upload()).rejects.toThrow(TRACCAR_MESSAGES.notAvailable);
    expect(await provider.listSoftwareVersions()).toEqual([]);
    await standin.stop();
    await expect(provider.assignDevice('1', '2', undefined, actor)).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});
