import { describe, expect, it, vi } from 'vitest';
import { addOfflineVehicle, readOfflineVehicles } from '../../../lib/offline/vehicle-cache.ts';
import { makeVehicle } from '../../../test/fixtures.ts';
import { installIdbStore } from '../../../test/idb-store.ts';
import { apiError, installFetchMock, json, networkError } from '../../../test/mock-fetch.ts';
import { syncOfflineVehicles } from './sync-offline-vehicles.ts';

vi.mock('idb-keyval', async () => (await import('../../../test/idb-store.ts')).idbKeyvalMock);

const api = installFetchMock();
const store = installIdbStore();
const CREATE = '/api/vehicles';

const offline = (localId: string, vehicleId: string) => ({
  localId,
  vehicleId,
  description: 'made offline',
  clientId: 3,
  createdAt: '2024-05-01T10:00:00.000Z',
  offline: true as const,
});

const header = (call: number, name: string): string | undefined => api.calls[call]?.headers[name];

describe('syncOfflineVehicles', () => {
  it('sends each offline vehicle with its idempotency key and clears the list', async () => {
    await addOfflineVehicle(offline('vehicle-create:aaaa-1', 'OFF-1'));
    await addOfflineVehicle(offline('vehicle-create:bbbb-2', 'OFF-2'));
    api.on('POST', CREATE, json(makeVehicle({ id: 9, vehicleId: 'x', isLocal: true }), 201));

    const result = await syncOfflineVehicles(3);

    expect(result).toEqual({ sent: ['OFF-1', 'OFF-2'], refused: [], remaining: 0 });
    expect(api.calls).toHaveLength(2);
    expect(api.calls[0]?.url).toBe(CREATE);
    expect(header(0, 'Idempotency-Key')).toBe('vehicle-create:aaaa-1');
    expect(header(1, 'Idempotency-Key')).toBe('vehicle-create:bbbb-2');
    expect(api.calls[0]?.body).toEqual({
      vehicleId: 'OFF-1',
      description: 'made offline',
      clientId: 3,
      route: null,
      status: 'active',
    });
    expect(await readOfflineVehicles(3)).toEqual([]);
    expect(store.has('vehicles:offline:3')).toBe(false);
  });

  it('keeps what could not be sent while the connection is down, and retries with the same key', async () => {
    await addOfflineVehicle(offline('vehicle-create:cccc-3', 'OFF-3'));
    api.on('POST', CREATE, networkError());
    expect(await syncOfflineVehicles(3)).toEqual({ sent: [], refused: [], remaining: 1 });
    expect(await readOfflineVehicles(3)).toHaveLength(1);

    api.on('POST', CREATE, json(makeVehicle({ id: 10, vehicleId: 'OFF-3' }), 201));
    expect(await syncOfflineVehicles(3)).toMatchObject({ sent: ['OFF-3'], remaining: 0 });
    expect(header(1, 'Idempotency-Key')).toBe('vehicle-create:cccc-3');
  });

  it('drops a vehicle the server refuses (id taken meanwhile) and reports it', async () => {
    await addOfflineVehicle(offline('vehicle-create:dddd-4', 'OFF-4'));
    api.on('POST', CREATE, apiError(409, 'DUPLICATE_VEHICLE', 'Vehicle OFF-4 already exists'));
    expect(await syncOfflineVehicles(3)).toEqual({
      sent: [],
      refused: [{ vehicleId: 'OFF-4', message: 'Vehicle OFF-4 already exists' }],
      remaining: 0,
    });
    expect(await readOfflineVehicles(3)).toEqual([]);
  });

  it('runs one sync at a time per agency', async () => {
    await addOfflineVehicle(offline('vehicle-create:eeee-5', 'OFF-5'));
    api.on('POST', CREATE, json(makeVehicle({ id: 11, vehicleId: 'OFF-5' }), 201));
    const [a, b] = await Promise.all([syncOfflineVehicles(3), syncOfflineVehicles(3)]);
    expect(a).toBe(b);
    expect(api.calls).toHaveLength(1);
  });
});
