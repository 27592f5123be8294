import type { Device, DeviceSystem } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';

/** Test data shaped like the server's answers. */
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

export function makeVehicle(id: number, vehicleId: string): Vehicle {
  return {
    id,
    vehicleId,
    clientId: 3,
    description: `Bus ${vehicleId}`,
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
    createdAt: '2026-01-01T00:00:00.000Z',
    connectionStatus: 'online',
    deviceCount: 1,
    isLocal: false,
  };
}

export const SYSTEMS: DeviceSystem[] = [
  { id: 1, name: 'CalAmp LMU-3640', mdt: false, router: false, gps: true, apc: false },
  { id: 2, name: 'Generic AVL Tracker', mdt: false, router: false, gps: true, apc: false },
  { id: 3, name: 'Zebra ET40 MDT', mdt: true, router: false, gps: false, apc: false },
  { id: 4, name: 'Cradlepoint IBR900', mdt: false, router: true, gps: false, apc: false },
  { id: 5, name: 'APS1 Front', mdt: false, router: false, gps: false, apc: true },
  { id: 6, name: 'Luminator Horizon Headsign', mdt: false, router: false, gps: false, apc: false },
];

/** The URL and JSON body of a mocked fetch call. */
export function requestUrl(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

export function requestBody(init: RequestInit | undefined): string {
  return typeof init?.body === 'string' ? init.body : '';
}
