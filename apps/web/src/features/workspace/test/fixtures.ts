import type { Device } from '@toolkit/contracts/devices.ts';
import type { InstallationLog } from '@toolkit/contracts/logs.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';

/** A device shaped like the server's answer; unassigned unless told otherwise. */
export function makeDevice(deviceId: string, type: Device['type'], extra: Partial<Device> = {}): Device {
  return {
    id: Math.floor(Math.random() * 1e6),
    deviceId,
    navigatorDeviceId: null,
    clientId: 3,
    type,
    name: null,
    deviceSystem: null,
    deviceSystemId: null,
    vehicleId: null,
    vehicleLabel: null,
    status: 'offline',
    lastHeartbeat: null,
    signalStrength: null,
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

export function makeLog(
  id: number,
  action: string,
  timestamp: string,
  details: string | null = null,
): InstallationLog {
  return { id, userId: 1, vehicleId: 11, deviceId: null, action, details, timestamp };
}

export function makeVehicle(
  id: number,
  vehicleId: string,
): Vehicle & { pendingSync: boolean; rowKey: string } {
  return {
    id,
    vehicleId,
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
    createdAt: '2026-01-01T00:00:00.000Z',
    connectionStatus: 'offline',
    deviceCount: 0,
    isLocal: false,
    pendingSync: false,
    rowKey: `server-${String(id)}`,
  };
}
