import type { User } from '@toolkit/contracts/auth.ts';
import type { Device, DeviceSystem } from '@toolkit/contracts/devices.ts';
import type { InstallationLog } from '@toolkit/contracts/logs.ts';
import type { ShipmentUnit } from '@toolkit/contracts/shipments.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';

// Test data shaped like the server's answers (typed by the contracts).

/** A device with sensible defaults: assigned to vehicle 1001 (id 11), online. */
export function makeDevice(deviceId: string, type: Device['type'], extra: Partial<Device> = {}): Device {
  return {
    id: Math.floor(Math.random() * 1e6),
    deviceId,
    navigatorDeviceId: `dev-${deviceId}`,
    clientId: 3,
    type,
    name: `${type} ${deviceId}`,
    deviceSystem: null,
    deviceSystemId: null,
    vehicleId: 11,
    vehicleLabel: '1001',
    status: 'online',
    lastHeartbeat: new Date().toISOString(),
    signalStrength: 80,
    serialNumber: null,
    serialNumberESN: null,
    phone: null,
    simCardId: null,
    imei: null,
    ipAddress: null,
    firmwareVersion: null,
    metadata: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** A server vehicle with sensible defaults; `id` and `vehicleId` are always given. */
export function makeVehicle(overrides: Partial<Vehicle> & Pick<Vehicle, 'id' | 'vehicleId'>): Vehicle {
  return {
    clientId: 3,
    description: null,
    route: null,
    status: 'active',
    lastSeen: null,
    vin: null,
    seatedCapacity: null,
    doors: null,
    vehicleType: null,
    make: null,
    model: null,
    year: null,
    odometer: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    connectionStatus: 'offline',
    deviceCount: 0,
    isLocal: false,
    ...overrides,
  };
}

/** A bus as the devices screens list it: described as `Bus <vehicleId>`, online, one device. */
export function makeBus(id: number, vehicleId: string): Vehicle {
  return makeVehicle({
    id,
    vehicleId,
    description: `Bus ${vehicleId}`,
    connectionStatus: 'online',
    deviceCount: 1,
  });
}

/** A vehicle as the vehicle list hands it on: from the server (not waiting to sync). */
export function makeListedVehicle(
  id: number,
  vehicleId: string,
  overrides: Partial<Vehicle> = {},
): Vehicle & { pendingSync: boolean; rowKey: string } {
  return {
    ...makeVehicle({ id, vehicleId, ...overrides }),
    pendingSync: false,
    rowKey: `server-${String(id)}`,
  };
}

/** An installation log entry of vehicle 11 by user 1. */
export function makeLog(
  id: number,
  action: string,
  timestamp: string,
  details: string | null = null,
): InstallationLog {
  return { id, userId: 1, vehicleId: 11, deviceId: null, action, details, timestamp };
}

export const SYSTEMS: DeviceSystem[] = [
  { id: 1, name: 'CalAmp LMU-3640', mdt: false, router: false, gps: true, apc: false },
  { id: 2, name: 'Generic AVL Tracker', mdt: false, router: false, gps: true, apc: false },
  { id: 3, name: 'Zebra ET40 MDT', mdt: true, router: false, gps: false, apc: false },
  { id: 4, name: 'Cradlepoint IBR900', mdt: false, router: true, gps: false, apc: false },
  { id: 5, name: 'APS1 Front', mdt: false, router: false, gps: false, apc: true },
  { id: 6, name: 'Luminator Horizon Headsign', mdt: false, router: false, gps: false, apc: false },
];

/** The signed-in installer of the tests. */
export const DEMO_USER: User = {
  id: 1,
  username: 'demo',
  name: 'Dana Installer',
  role: 'installer',
  clientIds: [1],
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Unit SN-1001 of shipment PO-1187: a GPS in stock, in agency 3. */
export function makeUnit(overrides: Partial<ShipmentUnit> = {}): ShipmentUnit {
  return {
    id: 40,
    shipmentId: 4,
    shipmentReference: 'PO-1187',
    clientId: 3,
    serial: 'SN-1001',
    deviceType: 'GPS',
    imei: '356307042441013',
    iccid: null,
    phone: null,
    model: 'LMU-2630',
    box: 'B1',
    status: 'in_stock',
    statusNote: null,
    deviceId: null,
    bus: null,
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}
