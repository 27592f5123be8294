import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render.tsx';
import { makeVehicle } from '../test/fixtures.ts';
import { syncOfflineVehicles } from './sync-offline-vehicles.ts';
import { addOfflineVehicle, readOfflineVehicles } from '../../../lib/offline/vehicle-cache.ts';

const store = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', async () => (await import('../test/idb-store.ts')).createIdbMock(store));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  store.clear();
});

const offline = (localId: string, vehicleId: string) => ({
  localId,
  vehicleId,
  description: 'made offline',
  clientId: 3,
  createdAt: '2024-05-01T10:00:00.000Z',
  offline: true as const,
});

function header(call: number, name: string): string | undefined {
  const init = fetchMock.mock.calls[call]?.[1];
  return (init?.headers as Record<string, string> | undefined)?.[name];
}

describe('syncOfflineVehicles', () => {
  it('sends each offline vehicle with its idempotency key and clears the list', async () => {
    await addOfflineVehicle(offline('vehicle-create:aaaa-1', 'OFF-1'));
    await addOfflineVehicle(offline('vehicle-create:bbbb-2', 'OFF-2'));
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(makeVehicle({ id: 9, vehicleId: 'x', isLocal: true }), 201)),
    );

    const result = await syncOfflineVehicles(3);

    expect(result).toEqual({ sent: ['OFF-1', 'OFF-2'], refused: [], remaining: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/vehicles');
    expect(header(0, 'Idempotency-Key')).toBe('vehicle-create:aaaa-1');
    expect(header(1, 'Idempotency-Key')).toBe('vehicle-create:bbbb-2');
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({
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
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await syncOfflineVehicles(3)).toEqual({ sent: [], refused: [], remaining: 1 });
    expect(await readOfflineVehicles(3)).toHaveLength(1);

    fetchMock.mockResolvedValueOnce(jsonResponse(makeVehicle({ id: 10, vehicleId: 'OFF-3' }), 201));
    expect(await syncOfflineVehicles(3)).toMatchObject({ sent: ['OFF-3'], remaining: 0 });
    expect(header(1, 'Idempotency-Key')).toBe('vehicle-create:cccc-3');
  });

  it('drops a vehicle the server refuses (id taken meanwhile) and reports it', async () => {
    await addOfflineVehicle(offline('vehicle-create:dddd-4', 'OFF-4'));
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 'DUPLICATE_VEHICLE', message: 'Vehicle OFF-4 already exists' }, 409),
    );
    expect(await syncOfflineVehicles(3)).toEqual({
      sent: [],
      refused: [{ vehicleId: 'OFF-4', message: 'Vehicle OFF-4 already exists' }],
      remaining: 0,
    });
    expect(await readOfflineVehicles(3)).toEqual([]);
  });

  it('runs one sync at a time per agency', async () => {
    await addOfflineVehicle(offline('vehicle-create:eeee-5', 'OFF-5'));
    fetchMock.mockResolvedValue(jsonResponse(makeVehicle({ id: 11, vehicleId: 'OFF-5' }), 201));
    const [a, b] = await Promise.all([syncOfflineVehicles(3), syncOfflineVehicles(3)]);
    expect(a).toBe(b);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
