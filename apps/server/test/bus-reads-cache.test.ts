import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BusReads, vehicleRecordsChanged, type BusState } from '../src/lib/bus-reads.ts';
import type { AuthUser } from '../src/lib/types.ts';
import { manualFeed } from './manual-feed.ts';

const user = (clientIds: number[]): AuthUser => ({
  id: 1,
  username: 'demo',
  name: 'Demo',
  clientIds,
  role: 'installer',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const Notes = z.array(z.object({ text: z.string() }));
const BUS = 70;

/** The database as the reads see it: the bus's state and its notes, changed by the test. */
function fakeDatabase() {
  const db = {
    state: { clientId: 3, revision: 10, syncedAt: null, vehicleRevision: 0 } as BusState,
    notes: ['a'],
  };
  const counts = { stateReads: 0, loads: 0 };
  const readState = (vehicleId: number) => {
    counts.stateReads += 1;
    return Promise.resolve(vehicleId === BUS ? { ...db.state } : null);
  };
  const read = (who: AuthUser) => ({
    vehicleId: BUS,
    user: who,
    kind: 'notes',
    schema: Notes,
    load: () => {
      counts.loads += 1;
      return Promise.resolve(db.notes.map((text) => ({ text })));
    },
  });
  return { db, counts, readState, read };
}

const texts = (entry: { cached: { body: Buffer } } | null) =>
  entry ? (JSON.parse(entry.cached.body.toString()) as { text: string }[]).map((n) => n.text) : null;

describe('BusReads (decision 051)', () => {
  it('answers a repeated read from memory while the feed holds both revisions, and builds again when one moves', async () => {
    const { feed, handlers } = await manualFeed();
    const { db, counts, readState, read } = fakeDatabase();
    const reads = new BusReads(feed, readState);
    const demo = user([3]);
    expect(texts(await reads.answer(read(demo)))).toEqual(['a']);
    expect(texts(await reads.answer(read(demo)))).toEqual(['a']);
    expect(counts).toEqual({ stateReads: 1, loads: 1 });
    // Another process adds a note: the bus's revision moves, notified at its commit.
    db.notes = ['b', 'a'];
    db.state = { ...db.state, vehicleRevision: 1 };
    handlers.notify(`v:${String(BUS)}:1`);
    expect(texts(await reads.answer(read(demo)))).toEqual(['b', 'a']);
    // A pull changes the agency: its revision moves.
    db.notes = ['c'];
    db.state = { ...db.state, revision: 11 };
    handlers.notify('c:3:11:');
    expect(texts(await reads.answer(read(demo)))).toEqual(['c']);
    expect(counts).toEqual({ stateReads: 3, loads: 3 });
    await feed.stop();
  });

  it('sees a write made here at once, before its own notification arrives', async () => {
    const { feed } = await manualFeed();
    const { db, readState, read } = fakeDatabase();
    const reads = new BusReads(feed, readState);
    await reads.answer(read(user([3])));
    db.notes = ['mine', 'a'];
    db.state = { ...db.state, vehicleRevision: 1 };
    // Committed here; the listener has not delivered `v:70:1` yet.
    vehicleRecordsChanged(BUS);
    expect(texts(await reads.answer(read(user([3]))))).toEqual(['mine', 'a']);
    await feed.stop();
  });

  it('keeps no revision read while a local write committed, so the next read asks again', async () => {
    const { feed } = await manualFeed();
    const { db, counts, read } = fakeDatabase();
    let release: () => void = () => undefined;
    const slow = (vehicleId: number) =>
      new Promise<BusState | null>((resolve) => {
        const before = { ...db.state };
        release = () => resolve(vehicleId === BUS ? before : null);
      });
    const reads = new BusReads(feed, slow);
    const first = reads.answer(read(user([3])));
    // The read has its (old) state in hand; a write commits here before it is kept.
    db.notes = ['new'];
    db.state = { ...db.state, vehicleRevision: 1 };
    vehicleRecordsChanged(BUS);
    release();
    expect(texts(await first)).toEqual(['new']); // built after the commit: newer than its key, never older
    expect(feed.vehicle(BUS)).toBeUndefined();
    const second = reads.answer(read(user([3])));
    release();
    expect(texts(await second)).toEqual(['new']);
    expect(counts.loads).toBe(2);
    await feed.stop();
  });

  it('answers null to a user of another agency, cached or not, and for a bus that does not exist', async () => {
    const { feed } = await manualFeed();
    const { readState, read } = fakeDatabase();
    const reads = new BusReads(feed, readState);
    expect(await reads.answer(read(user([4])))).toBeNull();
    await reads.answer(read(user([3])));
    expect(await reads.answer(read(user([4])))).toBeNull();
    expect(await reads.answer({ ...read(user([3])), vehicleId: 71 })).toBeNull();
    await feed.stop();
  });

  it('shares one build among concurrent first reads, and reads the state each time while the feed is down', async () => {
    const { feed, handlers } = await manualFeed();
    const { counts, readState, read } = fakeDatabase();
    const reads = new BusReads(feed, readState);
    await Promise.all(Array.from({ length: 20 }, () => reads.answer(read(user([3])))));
    expect(counts.loads).toBe(1);
    handlers.down();
    const before = counts.stateReads;
    await reads.answer(read(user([3])));
    await reads.answer(read(user([3])));
    expect(counts.stateReads).toBe(before + 2);
    expect(counts.loads).toBe(1);
    await feed.stop();
  });
});
