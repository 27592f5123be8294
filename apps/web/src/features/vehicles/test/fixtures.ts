import type { Vehicle } from '@toolkit/contracts/vehicles.ts';

/** A server vehicle with sensible defaults, for tests. */
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
