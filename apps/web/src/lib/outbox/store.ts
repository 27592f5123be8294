import { get, set } from 'idb-keyval';
import type { OutboxEntry } from './entry.ts';

/**
 * The outbox's kept list (decision 014): in IndexedDB, changed in one step under a lock shared by
 * the app's tabs, and the last list read or written, for screens to render at once (outbox.ts).
 */
type Listener = (entries: readonly OutboxEntry[]) => void;
const listeners = new Set<Listener>();
let snapshot: readonly OutboxEntry[] = [];

export const OUTBOX_KEY = 'toolkit-outbox';

/** Read-modify-write of the stored list (short); sending holds its own lock, so a new write never waits on a slow send. */
const STORE_LOCK = 'toolkit-outbox-store';

export async function read(): Promise<OutboxEntry[]> {
  return (await get<OutboxEntry[]>(OUTBOX_KEY)) ?? [];
}

async function write(entries: OutboxEntry[]): Promise<void> {
  await set(OUTBOX_KEY, entries);
  publish(entries);
}

/** Runs `work` alone across the app's tabs (Web Locks where the browser has them). */
export async function exclusive<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The lock is held until the callback's promise settles; its value is the work's.
  return locks ? await locks.request<Promise<T>>(lock, work) : work();
}

/** Changes the stored list in one step. */
export function change(fn: (entries: OutboxEntry[]) => OutboxEntry[]): Promise<void> {
  return exclusive(STORE_LOCK, async () => write(fn(await read())));
}

/** Replaces (or, with null, removes) one entry. */
export const update = (id: string, fn: (e: OutboxEntry) => OutboxEntry | null) =>
  change((entries) =>
    entries.flatMap((e) => {
      if (e.id !== id) return [e];
      const changed = fn(e);
      return changed ? [changed] : [];
    }),
  );

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NO_ENTRIES: readonly OutboxEntry[] = [];
/**
 * The entries a prerendered page is hydrated with: none, as the build drew it (decision 034); the
 * phone's own show in the render just after.
 */
export const noEntriesYet = (): readonly OutboxEntry[] => NO_ENTRIES;

export const currentEntries = (): readonly OutboxEntry[] => snapshot;

/** Tells the screens of the list as it is now. */
export function publish(entries: readonly OutboxEntry[]): void {
  snapshot = entries;
  for (const l of listeners) l(entries);
}
