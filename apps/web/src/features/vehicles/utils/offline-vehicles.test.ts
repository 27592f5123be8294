import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../lib/outbox/outbox.ts';
import { offlineVehiclesIn } from './offline-vehicles.ts';
import { mergeVehicles } from './vehicle-list.ts';

const entry = (over: Partial<OutboxEntry> & Pick<OutboxEntry, 'method' | 'url' | 'body'>): OutboxEntry => ({
  id: over.idempotencyKey ?? 'id',
  label: 'write',
  idempotencyKey: 'key',
  createdAt: '2026-11-26T08:00:00.000Z',
  state: 'waiting',
  attempts: 0,
  nextAt: 0,
  error: null,
  invalidate: [],
  ...over,
});

const create = (key: string, vehicleId: string) =>
  entry({
    method: 'POST',
    url: '/api/vehicles',
    idempotencyKey: key,
    body: { vehicleId, description: null, clientId: 3, route: null, status: 'active' },
  });
const info = (key: string, waitsFor: string, body: object) =>
  entry({
    method: 'PATCH',
    url: '/api/vehicles/{vehicleId}',
    idempotencyKey: key,
    body,
    waitsFor: { key: waitsFor, field: 'vehicleId' },
  });

describe('vehicles made without signal, as the screens show them', () => {
  it('carry the Vehicle Info saved for them while they wait, the later edit winning', () => {
    const entries = [
      create('k1', 'DEAD-1'),
      create('k2', 'DEAD-2'),
      info('e1', 'k1', { vin: null, make: 'Gillig', model: null, year: 2015, odometer: null }),
      info('e2', 'k1', { vin: null, make: 'Gillig', model: 'Low Floor', year: 2016, odometer: null }),
      info('e3', 'someone-else', { make: 'New Flyer' }),
    ];
    const [first, second] = mergeVehicles([], offlineVehiclesIn(entries, 3));
    expect(first).toMatchObject({ vehicleId: 'DEAD-1', make: 'Gillig', model: 'Low Floor', year: 2016 });
    expect(first?.pendingSync).toBe(true);
    expect(second).toMatchObject({ vehicleId: 'DEAD-2', make: null, model: null, year: null });
  });

  it('keep their made-up id when another pending vehicle goes before them (what names it stays with it)', () => {
    const both = mergeVehicles([], offlineVehiclesIn([create('k1', 'DEAD-1'), create('k2', 'DEAD-2')], 3));
    const later = mergeVehicles([], offlineVehiclesIn([create('k2', 'DEAD-2')], 3));
    const idOf = (list: typeof both, label: string) => list.find((v) => v.vehicleId === label)?.id;
    expect(idOf(both, 'DEAD-2')).toBe(idOf(later, 'DEAD-2'));
    expect(idOf(both, 'DEAD-1')).not.toBe(idOf(both, 'DEAD-2'));
    for (const v of both) expect(v.id).toBeLessThan(0);
  });

  it('only those of the agency asked for', () => {
    expect(offlineVehiclesIn([create('k1', 'DEAD-1')], 4)).toEqual([]);
  });
});
