import { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listDeltaSchema } from '@toolkit/contracts/list-delta.ts';
import { VehicleSchema, type Vehicle } from '@toolkit/contracts/vehicles.ts';
import { makeBus } from '../test/fixtures.ts';
import { installIdbStore } from '../test/idb-store.ts';
import { deltaListQuery, mergeDelta, revisionOf, shareKeepingRevision } from './list-delta.ts';
import { persistedQuery } from './offline/persisted-query.ts';
import {
  clearSavedCopies,
  restoreSavedCopies,
  startSavingCopies,
  writeSavedCopiesNow,
} from './offline/saved-copies.ts';

/** Rows of a kept list: buses, labelled by their fleet number, `n` their device count. */
type Row = Vehicle;
const RowSchema = VehicleSchema;
const byLabel = (a: Row, b: Row) => (a.vehicleId < b.vehicleId ? -1 : a.vehicleId > b.vehicleId ? 1 : 0);
const row = (id: number, label: string, n = 0): Row => ({ ...makeBus(id, label), deviceCount: n });

describe('mergeDelta (decision 022)', () => {
  const old = [row(1, 'A'), row(2, 'B'), row(3, 'C')];

  it('replaces changed rows in place, drops removed ones and leaves the old list alone', () => {
    const merged = mergeDelta(old, { upserts: [row(2, 'B', 5)], removed: [3] }, byLabel);
    expect(merged).toEqual([row(1, 'A'), row(2, 'B', 5)]);
    expect(merged[0]).toBe(old[0]);
    expect(old).toHaveLength(3);
  });

  it("adds new rows in the server's order", () => {
    const merged = mergeDelta(old, { upserts: [row(9, 'AB'), row(1, 'A', 1)], removed: [] }, byLabel);
    expect(merged.map((r) => r.id)).toEqual([1, 9, 2, 3]);
  });

  it('gives the new full list from the old one', () => {
    const next = [row(2, 'B', 1), row(4, 'D')];
    const merged = mergeDelta(old, { upserts: [row(2, 'B', 1), row(4, 'D')], removed: [1, 3] }, byLabel);
    expect(merged).toEqual(next);
  });
});

const store = installIdbStore();

describe('deltaListQuery', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const answer = (body: unknown, status = 200, revision?: number) =>
    new Response(status === 304 ? null : JSON.stringify(body), {
      status,
      headers: revision === undefined ? {} : { 'X-Revision': String(revision) },
    });

  function setup(answers: Response[]) {
    const urls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const next = answers.shift();
      return next ? Promise.resolve(next) : Promise.reject(new Error('no answer'));
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = {
      queryKey: ['/api/things/client', 3],
      queryFn: deltaListQuery({
        list: z.array(RowSchema),
        delta: listDeltaSchema(RowSchema),
        order: byLabel,
      }),
      structuralSharing: shareKeepingRevision,
      staleTime: 0,
      ...persistedQuery('vehicle-list'),
    };
    const load = (on = client) => on.query(options);
    return { urls, client, load, key: options.queryKey };
  }

  it('loads the whole list, then asks since its revision and merges; 304 keeps the list', async () => {
    const { urls, client, key, load } = setup([
      answer([row(1, 'A'), row(2, 'B')], 200, 7),
      answer({ revision: 9, full: false, upserts: [row(2, 'B', 3), row(5, 'AA')], removed: [1] }, 200, 9),
      answer(null, 304),
    ]);
    const first = await load();
    expect(revisionOf(first)).toBe(7);
    const second = await load();
    expect(urls[1]).toBe('/api/things/client/3?since=7');
    expect(second).toEqual([row(5, 'AA'), row(2, 'B', 3)]);
    expect(revisionOf(second)).toBe(9);
    const held = client.getQueryData<Row[]>(key);
    expect(revisionOf(held)).toBe(9);
    const third = await load();
    expect(urls[2]).toBe('/api/things/client/3?since=9');
    expect(third).toBe(held);
  });

  it('replaces the list when the server answers it whole', async () => {
    const { load } = setup([answer([row(1, 'A')], 200, 7), answer([row(2, 'B')], 200, 12)]);
    await load();
    const next = await load();
    expect(next).toEqual([row(2, 'B')]);
    expect(revisionOf(next)).toBe(12);
  });

  it('loads the whole list again when the list it holds has no revision (changed by hand)', async () => {
    const { urls, client, key, load } = setup([
      answer([row(1, 'A')], 200, 7),
      answer([row(1, 'A', 2)], 200, 8),
    ]);
    await load();
    client.setQueryData<Row[]>(key, [row(1, 'A', 1)]);
    expect(await load()).toEqual([row(1, 'A', 2)]);
    expect(urls[1]).toBe('/api/things/client/3');
  });

  it("keeps the revision with the phone's saved copy: after the app starts again the first refresh is a delta", async () => {
    const { urls, client, key, load } = setup([
      answer([row(1, 'A'), row(2, 'B')], 200, 7),
      answer({ revision: 9, full: false, upserts: [row(2, 'B', 3)], removed: [1] }, 200, 9),
    ]);
    const stop = startSavingCopies(client);
    await load();
    await writeSavedCopiesNow(client);
    stop();
    expect([...store.values()]).toEqual([
      expect.objectContaining({ data: [row(1, 'A'), row(2, 'B')], revision: 7 }),
    ]);

    // The app starts again: a new cache, the saved copy put back, the screen refreshes.
    const restarted = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await restoreSavedCopies(restarted);
    expect(revisionOf(restarted.getQueryData(key))).toBe(7);
    expect(await load(restarted)).toEqual([row(2, 'B', 3)]);
    expect(urls).toEqual(['/api/things/client/3', '/api/things/client/3?since=7']);
    await clearSavedCopies();
  });

  it('saves no revision for a list changed by hand, so it is loaded whole after a restart', async () => {
    const { urls, client, key, load } = setup([
      answer([row(1, 'A')], 200, 7),
      answer([row(1, 'A', 2)], 200, 8),
    ]);
    const stop = startSavingCopies(client);
    await load();
    client.setQueryData<Row[]>(key, [row(1, 'A', 1)]);
    await writeSavedCopiesNow(client);
    stop();
    const restarted = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await restoreSavedCopies(restarted);
    expect(restarted.getQueryData(key)).toEqual([row(1, 'A', 1)]);
    expect(await load(restarted)).toEqual([row(1, 'A', 2)]);
    expect(urls[1]).toBe('/api/things/client/3');
    await clearSavedCopies();
  });
});
