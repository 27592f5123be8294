import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { devices } from '../src/db/schema/tables.ts';
import { MirrorService } from '../src/modules/sync/mirror.service.ts';
import type {
  FleetChangeListener,
  FleetProvider,
  ProviderDevice,
} from '../src/providers/fleet/fleet-provider.ts';
import { freshDatabase } from './helpers.ts';

const unused = () => Promise.reject(new Error('not used here'));

const device = (status: ProviderDevice['status'], at: string): ProviderDevice => ({
  externalId: 'D1',
  clientExternalId: 'A',
  deviceId: '350000000000001',
  type: 'GPS',
  name: 'Bus 10 GPS',
  deviceSystemExternalId: null,
  deviceSystem: null,
  vehicleExternalId: 'V1',
  status,
  lastHeartbeat: at,
  signalStrength: 60,
  serialNumber: null,
  serialNumberESN: null,
  phone: null,
  simCardId: null,
  imei: '350000000000001',
  ipAddress: null,
  firmwareVersion: null,
  metadata: { name: 'Bus 10 GPS' },
});

/**
 * A platform whose device list can be held back: a pull that read the platform before a live
 * update (here, answered only after it) must not put the older status back.
 */
function slowPlatform() {
  let listed: ProviderDevice[] = [device('online', new Date().toISOString())];
  let gate: Promise<void> | null = null;
  let asked = 0;
  const platform = {
    listener: null as FleetChangeListener | null,
    set(next: ProviderDevice[]) {
      listed = next;
    },
    hold() {
      let release: () => void = () => undefined;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    get asked() {
      return asked;
    },
    provider: {
      signIn: unused,
      accountIdOf: unused,
      listClients: () => Promise.resolve([{ externalId: 'A', name: 'A', fullName: 'Agency A', region: '' }]),
      listVehicles: () =>
        Promise.resolve([
          {
            externalId: 'V1',
            clientExternalId: 'A',
            vehicleId: '10',
            description: null,
            route: null,
            vin: null,
            seatedCapacity: null,
            doors: null,
            vehicleType: null,
            make: null,
            model: null,
            year: null,
            odometer: null,
            lastSeen: null,
          },
        ]),
      listDevices: async () => {
        const snapshot = listed;
        asked += 1;
        await gate;
        return snapshot;
      },
      getDevice: unused,
      listDeviceSystems: () => Promise.resolve([]),
      listSoftwareVersions: () => Promise.resolve([]),
      updateVehicle: unused,
      assignDevice: unused,
      unassignDevice: unused,
      createDevice: unused,
      sendSms: unused,
      tabletOperation: unused,
      upload: unused,
      watch: (listener: FleetChangeListener) => {
        platform.listener = listener;
      },
    } satisfies FleetProvider,
  };
  return platform;
}

describe('live device updates and pulls', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
  });
  afterAll(() => drop());

  const statusOf = async () =>
    (
      await database.db
        .select({ status: devices.status })
        .from(devices)
        .where(eq(devices.navigatorDeviceId, 'D1'))
    )[0]?.status;

  it('a pull that read the platform before a live status change leaves the newer status', async () => {
    const platform = slowPlatform();
    const mirror = new MirrorService(database.db, platform.provider, Fastify().log);
    const [clientId = 0] = await mirror.syncClients(['A']);
    mirror.touch(clientId);
    mirror.start();
    await mirror.syncFleet(clientId);
    expect(await statusOf()).toBe('online');

    // The pull reads 'online'; the stream says 'offline' before that pull is merged.
    const release = platform.hold();
    const asked = platform.asked;
    const pulling = mirror.syncFleet(clientId);
    await expect.poll(() => platform.asked).toBe(asked + 1);
    platform.listener?.devicesUpdated?.([
      { clientExternalId: 'A', externalId: 'D1', status: 'offline', lastHeartbeat: new Date().toISOString() },
    ]);
    await expect.poll(statusOf, { timeout: 3000 }).toBe('offline');
    release();
    await pulling;
    expect(await statusOf()).toBe('offline');

    // After a gap in the stream the pull's reading wins: what the stream said before is not kept.
    platform.listener?.changed(null);
    await mirror.syncFleet(clientId);
    expect(await statusOf()).toBe('online');
    await mirror.stop();
  });
});
