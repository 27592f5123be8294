import { describe, expect, it } from 'vitest';
import { makeVehicle } from '../../../test/fixtures.ts';
import {
  countByStatus,
  filterVehicles,
  indexVehicles,
  isDuplicateVehicleId,
  mergeVehicles,
  offlineKeyOf,
  parseStatusFilter,
  STATUS_FILTERS,
  summaryText,
} from './vehicle-list.ts';

const vehicles = mergeVehicles(
  [
    makeVehicle({
      id: 1,
      vehicleId: 'Bus 10',
      description: 'Gillig low floor',
      route: '22',
      connectionStatus: 'online',
    }),
    makeVehicle({
      id: 2,
      vehicleId: 'bus 2',
      description: 'New Flyer',
      route: '7X',
      connectionStatus: 'unknown',
    }),
    makeVehicle({ id: 3, vehicleId: 'Bus 1', description: null, route: null, connectionStatus: 'offline' }),
    makeVehicle({
      id: 4,
      vehicleId: 'Van 5',
      description: 'Paratransit',
      route: '22',
      connectionStatus: 'online',
    }),
  ],
  [],
);

describe('vehicle list', () => {
  it('sorts by name in natural order, ascending or descending', () => {
    expect(indexVehicles(vehicles, 'asc').map((i) => i.vehicle.vehicleId)).toEqual([
      'Bus 1',
      'bus 2',
      'Bus 10',
      'Van 5',
    ]);
    expect(indexVehicles(vehicles, 'desc').map((i) => i.vehicle.vehicleId)).toEqual([
      'Van 5',
      'Bus 10',
      'bus 2',
      'Bus 1',
    ]);
  });

  it('searches vehicle id, description and route, case-insensitively, with the status filter', () => {
    const indexed = indexVehicles(vehicles, 'asc');
    const ids = (search: string, status: Parameters<typeof filterVehicles>[2] = 'all') =>
      filterVehicles(indexed, search, status).map((v) => v.vehicleId);
    expect(ids('GILLIG')).toEqual(['Bus 10']);
    expect(ids('7x')).toEqual(['bus 2']);
    expect(ids('22')).toEqual(['Bus 10', 'Van 5']);
    expect(ids('22', 'online')).toEqual(['Bus 10', 'Van 5']);
    expect(ids('', 'offline')).toEqual(['Bus 1']);
    expect(ids('  bus ')).toEqual(['Bus 1', 'bus 2', 'Bus 10']);
    expect(ids('nothing')).toEqual([]);
  });

  it('counts each status and all, in the order All, Online, Unknown, Offline', () => {
    expect(STATUS_FILTERS).toEqual(['all', 'online', 'unknown', 'offline']);
    expect(countByStatus(vehicles)).toEqual({ all: 4, online: 2, unknown: 1, offline: 1 });
  });

  it('reads the initial filter from ?filter=', () => {
    expect(parseStatusFilter('online')).toBe('online');
    expect(parseStatusFilter('offline')).toBe('offline');
    expect(parseStatusFilter('bogus')).toBe('all');
    expect(parseStatusFilter(null)).toBe('all');
  });

  it('shows a total, or a found count while searching', () => {
    expect(summaryText(5000, false)).toBe('Total: 5,000 vehicles');
    expect(summaryText(1, true)).toBe('Found 1 vehicle');
  });

  it('finds duplicates case-insensitively, ignoring surrounding spaces', () => {
    expect(isDuplicateVehicleId(vehicles, ' BUS 2 ')).toBe(true);
    expect(isDuplicateVehicleId(vehicles, 'bus 3')).toBe(false);
  });

  it('adds offline-created vehicles as pending rows, unless the server already has them', () => {
    const merged = mergeVehicles(
      [makeVehicle({ id: 1, vehicleId: 'A1' })],
      [
        {
          localId: 'k1',
          vehicleId: 'a1',
          description: null,
          clientId: 3,
          createdAt: '2024-05-01T00:00:00.000Z',
        },
        {
          localId: 'k2',
          vehicleId: 'B2',
          description: 'new',
          clientId: 3,
          createdAt: '2024-05-01T00:00:00.000Z',
        },
      ],
    );
    expect(merged.map((v) => [v.vehicleId, v.pendingSync, v.rowKey])).toEqual([
      ['A1', false, '1'],
      ['B2', true, 'offline:k2'],
    ]);
  });

  it('filters 5,000 vehicles quickly enough for a keystroke', () => {
    const many = mergeVehicles(
      Array.from({ length: 5000 }, (_, i) =>
        makeVehicle({ id: i + 1, vehicleId: `Bus ${String(i)}`, description: `Coach ${String(i % 97)}` }),
      ),
      [],
    );
    const indexed = indexVehicles(many, 'asc');
    const started = performance.now();
    for (let i = 0; i < 20; i++) filterVehicles(indexed, `coach ${String(i)}`, 'all');
    expect((performance.now() - started) / 20).toBeLessThan(50);
  });
});

describe('offlineKeyOf', () => {
  it("gives a vehicle made without signal its create's key, and a server vehicle none", () => {
    const [server, offline] = mergeVehicles(
      [makeVehicle({ id: 12, vehicleId: 'BUS-12' })],
      [
        {
          localId: 'vehicle-create-1',
          vehicleId: 'DEAD-1',
          description: null,
          clientId: 3,
          createdAt: '2026-11-26T10:00:00Z',
        },
      ],
    );
    expect(server && offlineKeyOf(server)).toBeNull();
    expect(offline && offlineKeyOf(offline)).toBe('vehicle-create-1');
  });
});
