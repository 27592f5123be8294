import { describe, expect, it } from 'vitest';
import { asKept, localIdOf, type OutboxEntry } from '../../../lib/outbox/outbox.ts';
import { makeVehicle } from '../../../test/fixtures.ts';
import { offlineVehiclesIn, waitingVehicleEdits } from './offline-vehicles.ts';
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
    kind: 'vehicle-create',
    method: 'POST',
    url: '/api/vehicles',
    idempotencyKey: key,
    body: { vehicleId, description: null, clientId: 3, route: null, status: 'active' },
  });
/** Vehicle Info saved for the vehicle of create `createKey`, named by its local id, as the outbox keeps it. */
const info = (key: string, createKey: string, body: object) =>
  asKept(
    entry({
      kind: 'vehicle-edit',
      method: 'PATCH',
      url: `/api/vehicles/${String(localIdOf(createKey))}`,
      subject: localIdOf(createKey),
      idempotencyKey: key,
      body,
    }),
    [createKey],
    {},
  );

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

describe('Vehicle Info kept for a server vehicle, as the screens show it', () => {
  const server = makeVehicle({ id: 41, vehicleId: 'DEAD-1', isLocal: true });
  const shown = (entries: OutboxEntry[], ids: Record<string, number> = {}) =>
    mergeVehicles([server], offlineVehiclesIn(entries, 3), waitingVehicleEdits(entries, ids))[0];

  it('shows an edit whose vehicle was created since, while the edit still waits', () => {
    // The create has gone (the server gave 41); its Vehicle Info did not get through yet.
    const waiting = info('e1', 'k1', {
      vin: null,
      make: 'Gillig',
      model: 'Low Floor',
      year: 2016,
      odometer: null,
    });
    expect(shown([waiting], { k1: 41 })).toMatchObject({
      id: 41,
      make: 'Gillig',
      year: 2016,
      pendingSync: false,
    });
    // Its create's id not known here: it is not some other vehicle's edit.
    expect(shown([waiting])).toMatchObject({ make: null, year: null });
  });

  it('shows an edit made without signal on a server vehicle, the later one winning, never a refused one', () => {
    // Kept by an earlier version: no kind nor subject, read from its key and its URL.
    const edit = (key: string, body: object, state: OutboxEntry['state'] = 'waiting') =>
      entry({ method: 'PATCH', url: '/api/vehicles/41', idempotencyKey: `vehicle-edit:${key}`, body, state });
    expect(shown([edit('e1', { make: 'Gillig', year: 2015 }), edit('e2', { year: 2016 })])).toMatchObject({
      make: 'Gillig',
      year: 2016,
    });
    expect(shown([edit('e1', { make: 'Gillig' }, 'refused')])).toMatchObject({ make: null });
    expect(
      shown([
        entry({
          kind: 'vehicle-edit',
          method: 'PATCH',
          url: '/api/vehicles/410',
          subject: 410,
          idempotencyKey: 'x',
          body: { make: 'MCI' },
        }),
      ]),
    ).toMatchObject({ make: null });
  });
});
