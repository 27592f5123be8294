import { queryOptions, QueryObserver } from '@tanstack/react-query';
import { onTestFinished, describe, expect, it } from 'vitest';
import { installIdbStore } from '../../test/idb-store.ts';
import { installFetchMock, json, text } from '../../test/mock-fetch.ts';
import { HOUR, restoreCopies, savedKeys } from '../../test/saved-copies.ts';
import { jsonQuery } from '../api-client.ts';
import { createQueryClient } from '../query-client.ts';
import { VehicleListSchema } from '@toolkit/contracts/vehicles.ts';
import { makeBus } from '../../test/fixtures.ts';
import { persistedQuery } from './persisted-query.ts';
import { clearSavedCopies, readSavedCopies, startSavingCopies, writeSavedCopiesNow } from './saved-copies.ts';
import { SAVED_LIST_SLICE } from './saved-copy-shapes.ts';

const api = installFetchMock();
const store = installIdbStore();

/** A list of buses named by their fleet numbers: the data of a kept vehicle list. */
const buses = (...numbers: string[]) => numbers.map((n, i) => makeBus(i + 1, n));
const kept = (id: number) =>
  queryOptions({
    queryKey: ['/api/kept', id],
    queryFn: jsonQuery(VehicleListSchema),
    ...persistedQuery('vehicle-list'),
  });
const notKept = queryOptions({ queryKey: ['/api/not-kept'], queryFn: jsonQuery(VehicleListSchema) });

function saving() {
  const queryClient = createQueryClient();
  onTestFinished(startSavingCopies(queryClient));
  onTestFinished(() => clearSavedCopies());
  return queryClient;
}

describe('the copies kept on this phone', () => {
  it('keeps the data of marked queries that loaded, and nothing of the others', async () => {
    const queryClient = saving();
    api.on('GET', '/api/kept/1', json(buses('bus 1001'))).on('GET', '/api/not-kept', json(buses('secret')));
    api.on('GET', '/api/kept/2', text('boom', 500));
    await queryClient.query(kept(1));
    await queryClient.query(notKept);
    await expect(queryClient.query(kept(2))).rejects.toThrow('500: boom');
    await writeSavedCopiesNow(queryClient);

    expect(savedKeys(store)).toEqual(['["/api/kept",1]']);
    expect(store.get('toolkit-query:v1:["/api/kept",1]')).toMatchObject({
      queryKey: ['/api/kept', 1],
      data: buses('bus 1001'),
    });
  });

  it('puts copies back with their time, and a screen that opens still asks the server', async () => {
    const queryClient = createQueryClient();
    await restoreCopies(queryClient, [{ queryKey: ['/api/kept', 1], data: buses('old bus'), age: 2 * HOUR }]);
    expect(queryClient.getQueryData(kept(1).queryKey)).toEqual(buses('old bus'));
    expect(
      Date.now() - (queryClient.getQueryState(kept(1).queryKey)?.dataUpdatedAt ?? 0),
    ).toBeGreaterThanOrEqual(2 * HOUR);

    api.on('GET', '/api/kept/1', json(buses('new bus')));
    const observer = new QueryObserver(queryClient, kept(1));
    onTestFinished(observer.subscribe(() => undefined));
    await expect.poll(() => queryClient.getQueryData(kept(1).queryKey)).toEqual(buses('new bus'));
    expect(api.callsTo('GET', '/api/kept/1')).toHaveLength(1);
  });

  it('drops a copy that no longer fits its contract (an older version saved it): fetched again, never shown', async () => {
    const queryClient = createQueryClient();
    store.set('toolkit-query:v1:["/api/kept",3]', {
      queryKey: ['/api/kept', 3],
      shape: 'vehicle-list',
      data: [{ id: 1, fleetNumber: '1001' }],
      dataUpdatedAt: Date.now() - HOUR,
    });
    store.set('toolkit-query:v1:["/api/kept",4]', {
      queryKey: ['/api/kept', 4],
      data: buses('1001'),
      dataUpdatedAt: Date.now() - HOUR,
    });
    await restoreCopies(queryClient, [{ queryKey: ['/api/kept', 1], data: buses('1001'), age: HOUR }]);
    expect(queryClient.getQueryData(kept(1).queryKey)).toEqual(buses('1001'));
    expect(queryClient.getQueryData(kept(3).queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(kept(4).queryKey)).toBeUndefined();
    await expect.poll(() => savedKeys(store)).toEqual(['["/api/kept",1]']);
  });

  it('checks each copy, and a long list a slice at a time, in tasks of their own; one bad bus drops the copy', async () => {
    const fleet = Array.from({ length: 2 * SAVED_LIST_SLICE + 10 }, (_, i) =>
      makeBus(i + 1, `bus ${String(i + 1)}`),
    );
    const broken = fleet.map((bus, i) =>
      i === SAVED_LIST_SLICE + 3 ? { ...bus, connectionStatus: 'sideways' } : bus,
    );
    const copy = (id: number, data: unknown) =>
      store.set(`toolkit-query:v1:["/api/kept",${String(id)}]`, {
        queryKey: ['/api/kept', id],
        shape: 'vehicle-list',
        data,
        dataUpdatedAt: Date.now() - HOUR,
      });
    copy(1, fleet);
    copy(2, broken);
    copy(3, buses('1001'));
    let pauses = 0;
    const read = await readSavedCopies(Date.now(), () => {
      pauses += 1;
      return Promise.resolve();
    });
    // One pause before each of the 3 copies, and 2 more inside each of the two long lists (3 slices);
    // the broken list stops at its second slice.
    expect(pauses).toBe(3 + 2 + 1);
    const queryClient = createQueryClient();
    expect(read.applyTo(queryClient)).toBe(2);
    expect(queryClient.getQueryData(kept(1).queryKey)).toEqual(fleet);
    expect(queryClient.getQueryData(kept(2).queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(kept(3).queryKey)).toEqual(buses('1001'));
    await expect.poll(() => savedKeys(store)).toEqual(['["/api/kept",1]', '["/api/kept",3]']);
  });

  it('drops copies older than thirty days and ones it cannot read', async () => {
    const queryClient = createQueryClient();
    store.set('toolkit-query:v1:garbage', { nothing: true });
    await restoreCopies(queryClient, [
      { queryKey: ['/api/kept', 1], data: buses('recent'), age: HOUR },
      { queryKey: ['/api/kept', 2], data: buses('ancient'), age: 31 * 24 * HOUR },
    ]);
    expect(queryClient.getQueryData(kept(1).queryKey)).toEqual(buses('recent'));
    expect(queryClient.getQueryData(kept(2).queryKey)).toBeUndefined();
    await expect.poll(() => savedKeys(store)).toEqual(['["/api/kept",1]']);
  });

  it('deletes every copy when asked (logout)', async () => {
    const queryClient = saving();
    api.on('GET', '/api/kept/1', json(buses('bus 1001')));
    await queryClient.query(kept(1));
    await writeSavedCopiesNow(queryClient);
    expect(savedKeys(store)).toHaveLength(1);
    await clearSavedCopies();
    expect(savedKeys(store)).toEqual([]);
  });

  it('at a start without a session deletes what an earlier session left, not what was saved since', async () => {
    store.set('toolkit-query:v1:["/api/kept",9]', {
      queryKey: ['/api/kept', 9],
      shape: 'vehicle-list',
      data: buses("the last user's fleet"),
      dataUpdatedAt: Date.now() - HOUR,
    });
    const startedAt = Date.now();
    // Someone signs in and loads a list before the clean-up gets its turn.
    const queryClient = saving();
    api.on('GET', '/api/kept/1', json(buses('bus 1001')));
    await queryClient.query(kept(1));
    await writeSavedCopiesNow(queryClient);
    await clearSavedCopies(startedAt);
    expect(savedKeys(store)).toEqual(['["/api/kept",1]']);
  });
});
