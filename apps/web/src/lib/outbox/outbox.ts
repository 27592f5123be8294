import { get, set } from 'idb-keyval';
import { apiRequest } from '../api-client.ts';
import { errorCode, errorStatus, isNetworkError, readableError } from '../api-error.ts';
import { newIdempotencyKey } from '../idempotency-key.ts';
import { currentOwner } from './owner.ts';
import { asKept, isCreate } from './local-ids.ts';
import {
  answerId,
  CREATE_GIVEN_UP,
  forgetServerIds,
  knownServerIds,
  readServerIds,
  rememberServerId,
  withServerId,
} from './server-ids.ts';

export { CREATE_GIVEN_UP, knownServerIds, serverIdFor } from './server-ids.ts';
export { asKept, localIdOf } from './local-ids.ts';
export { isStale, OUTBOX_STALE_MS, shownEntries, type OutboxEntry, type OutboxState } from './entry.ts';
import type { OutboxEntry } from './entry.ts';

/**
 * The durable outbox (issue 14, decision 014): a write the installer makes is kept in IndexedDB
 * with its Idempotency-Key, fixed when they act, until the server has it. Entries go out in the
 * order they were made; a network failure waits and tries again with backoff; the server's refusal
 * (a 4xx other than 408/409/429) is kept with its reason until the user retries or discards it,
 * never dropped. A replay with the same key is the same request to the server: never a second record.
 */
/** The code of the server's 409 for a device that moved after it was chosen (contracts/devices). */
const CONFLICT_CODE = 'ASSIGNMENT_CONFLICT';

/** Whether this entry may be sent by whoever is signed in now. */
export const sendableNow = (entry: OutboxEntry): boolean =>
  !entry.owner || entry.owner.id === currentOwner()?.id;

export const OUTBOX_KEY = 'toolkit-outbox';
/** Read-modify-write of the stored list (short); sending holds its own lock, so a new write never waits on a slow send. */
const STORE_LOCK = 'toolkit-outbox-store';
const SEND_LOCK = 'toolkit-outbox-send';
const BACKOFF_MAX_MS = 5 * 60 * 1000;
type Listener = (entries: readonly OutboxEntry[]) => void;
type SentListener = (entry: OutboxEntry, response: unknown) => void;
const listeners = new Set<Listener>();
const sentListeners = new Set<SentListener>();
let snapshot: readonly OutboxEntry[] = [];

async function read(): Promise<OutboxEntry[]> {
  return (await get<OutboxEntry[]>(OUTBOX_KEY)) ?? [];
}

async function write(entries: OutboxEntry[]): Promise<void> {
  await set(OUTBOX_KEY, entries);
  snapshot = entries;
  for (const l of listeners) l(entries);
}

/** Runs `work` alone across the app's tabs (Web Locks where the browser has them). */
async function exclusive<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The lock is held until the callback's promise settles; its value is the work's.
  return locks ? await locks.request<Promise<T>>(lock, work) : work();
}

/** Changes the stored list in one step. */
function change(fn: (entries: OutboxEntry[]) => OutboxEntry[]): Promise<void> {
  return exclusive(STORE_LOCK, async () => write(fn(await read())));
}

/**
 * Whether a failure is worth another try later: no signal, server busy or down, or the same key
 * still in progress (409 IDEMPOTENCY_IN_PROGRESS). Another 409 (a duplicate, a conflict) is an answer.
 */
function retryable(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  const status = errorStatus(error);
  if (status === 409) return errorCode(error) === 'IDEMPOTENCY_IN_PROGRESS';
  return status === null || status >= 500 || status === 408 || status === 429;
}

export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_MAX_MS, 2 ** Math.max(0, attempts - 1) * 2000);

/** Keeps a write; it is sent by `flush` (now, on reconnect, on app start). */
export async function enqueue(
  write: Pick<OutboxEntry, 'label' | 'method' | 'url' | 'body'> & {
    keyPrefix: string;
    invalidate?: OutboxEntry['invalidate'];
    follows?: string;
    /** It makes something later writes may name by its local id (`localIdOf` its key). */
    creates?: boolean;
  },
): Promise<OutboxEntry> {
  const idempotencyKey = newIdempotencyKey(write.keyPrefix);
  let entry: OutboxEntry = {
    id: newIdempotencyKey('entry'),
    label: write.label,
    method: write.method,
    url: write.url,
    body: write.body,
    idempotencyKey,
    createdAt: new Date().toISOString(),
    state: 'waiting',
    attempts: 0,
    nextAt: 0,
    error: null,
    invalidate: write.invalidate ?? [],
    owner: currentOwner(),
    ...(write.follows === undefined ? {} : { follows: write.follows }),
    ...(write.creates ? { creates: true } : {}),
    waitsFor: null,
  };
  await change((entries) => {
    entry = withWait(entry, entries);
    return [...entries, entry];
  });
  return entry;
}

/**
 * A write that names the local id of a create (kept here, or sent with its server id known) is
 * rewritten with the server id when it is known, else held until its create has gone (decision 043).
 */
function withWait(entry: OutboxEntry, entries: readonly OutboxEntry[]): OutboxEntry {
  const ids = knownServerIds();
  return asKept(entry, [...entries.filter(isCreate).map((e) => e.idempotencyKey), ...Object.keys(ids)], ids);
}

/** Takes in a write kept elsewhere by an earlier version, with its own key and time (once: same key, no copy). */
export async function adopt(
  write: Pick<
    OutboxEntry,
    'label' | 'method' | 'url' | 'body' | 'idempotencyKey' | 'createdAt' | 'invalidate'
  >,
): Promise<void> {
  await change((entries) =>
    entries.some((e) => e.idempotencyKey === write.idempotencyKey)
      ? entries
      : [
          ...entries,
          { ...write, id: newIdempotencyKey('entry'), state: 'waiting', attempts: 0, nextAt: 0, error: null },
        ],
  );
}

/** Replaces (or, with null, removes) one entry. */
const update = (id: string, fn: (e: OutboxEntry) => OutboxEntry | null) =>
  change((entries) =>
    entries.flatMap((e) => {
      if (e.id !== id) return [e];
      const changed = fn(e);
      return changed ? [changed] : [];
    }),
  );

/**
 * Sends what is due, oldest first; stops at the first entry that must wait (order is kept: a later
 * write may depend on it). Refused entries are skipped, kept for the user. Returns what is left.
 */
export function flush(now = () => Date.now()): Promise<readonly OutboxEntry[]> {
  return exclusive(SEND_LOCK, async () => {
    // The browser knows there is no network at all: nothing is tried (and no backoff is spent).
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    const ids = await readServerIds();
    for (const entry of offline ? [] : await read()) {
      if (entry.state !== 'waiting' || !sendableNow(entry)) continue;
      if (entry.nextAt > now()) break;
      let request: { url: string; body: unknown } = entry;
      if (entry.waitsFor) {
        const id = ids[entry.waitsFor.key];
        if (id === undefined) {
          // Its create is still kept (refused, or another installer's): it waits with it. Gone
          // without an id (given up), there is nothing to send it to: kept, refused, for the user.
          const current = await read();
          if (!current.some((e) => e.idempotencyKey === entry.waitsFor?.key))
            await update(entry.id, (e) => ({ ...e, state: 'refused', error: CREATE_GIVEN_UP }));
          continue;
        }
        request = withServerId(entry, entry.waitsFor, id);
      }
      try {
        const res = await apiRequest(entry.method, request.url, request.body, entry.idempotencyKey);
        const answer: unknown = res.status === 204 ? null : await res.json().catch(() => null);
        const created = entry.method === 'POST' ? answerId(answer) : null;
        if (created !== null) {
          // Kept before the create leaves the list: no write waiting for it is stranded.
          ids[entry.idempotencyKey] = created;
          await rememberServerId(entry.idempotencyKey, created);
        }
        await update(entry.id, () => null);
        for (const l of sentListeners) l(entry, answer);
      } catch (error) {
        // No one is signed in any more (the session ended while the write waited): it waits for the
        // next sign-in as it is, neither refused nor counted as a try; the rest would get the same.
        if (errorStatus(error) === 401) {
          await update(entry.id, (e) => ({ ...e, nextAt: now() + backoffMs(1) }));
          break;
        }
        const attempts = entry.attempts + 1;
        if (retryable(error)) {
          await update(entry.id, (e) => ({ ...e, attempts, nextAt: now() + backoffMs(attempts) }));
          break;
        }
        const state = errorCode(error) === CONFLICT_CODE ? 'conflict' : 'refused';
        await update(entry.id, (e) => ({ ...e, attempts, state, error: readableError(error) }));
      }
    }
    const left = await read();
    snapshot = left;
    for (const l of listeners) l(left);
    return left;
  });
}

/** A refused entry goes back in line (after the user fixed what the server refused). */
/**
 * The installer asked (Send now): what waits is tried at once, its backoff forgotten (the signal
 * may be back long before the next try is due), in order as always.
 */
export async function sendNow(): Promise<readonly OutboxEntry[]> {
  await change((entries) =>
    entries.map((e) => (e.state === 'waiting' && e.nextAt > 0 ? { ...e, nextAt: 0 } : e)),
  );
  return flush();
}

export async function retry(id: string): Promise<void> {
  await update(id, (e) => ({ ...e, state: 'waiting', nextAt: 0, error: null }));
  await flush();
}

/**
 * The user keeps their change over the one made meanwhile: the write goes again without the
 * check of what they saw (`expected`), as a new request under a new key.
 */
export async function overrideConflict(id: string): Promise<void> {
  await update(id, (e) => {
    const body = typeof e.body === 'object' && e.body !== null ? { ...e.body } : e.body;
    if (typeof body === 'object' && body !== null && 'expected' in body) delete body.expected;
    return {
      ...e,
      body,
      idempotencyKey: `${e.idempotencyKey}-mine`,
      state: 'waiting',
      nextAt: 0,
      error: null,
    };
  });
  await flush();
}

/** The user gives a kept write up. */
export function discard(id: string): Promise<void> {
  return update(id, () => null);
}

/** The create (its Idempotency-Key) a kept write waits for, or null (decision 043). */
export const waitingOn = (entry: OutboxEntry): string | null => entry.waitsFor?.key ?? null;

/**
 * The request a kept write makes: as kept, or rewritten with the server's id of the create it
 * waits for; null while that create has no server id yet.
 */
export function requestOf(
  entry: OutboxEntry,
  serverIds: Readonly<Record<string, number>>,
): { url: string; body: unknown } | null {
  if (!entry.waitsFor) return entry;
  const id = serverIds[entry.waitsFor.key];
  return id === undefined ? null : withServerId(entry, entry.waitsFor, id);
}

/** Everything waiting or refused, oldest first. */
export async function pendingEntries(): Promise<readonly OutboxEntry[]> {
  // The server ids too, so a screen can show a kept write about a vehicle whose create has gone.
  const [entries] = await Promise.all([read(), readServerIds()]);
  snapshot = entries;
  for (const l of listeners) l(entries);
  return entries;
}

/** Empties the outbox (logout, after the user agreed to lose what it names). */
export async function clearOutbox(): Promise<void> {
  await change(() => []);
  await forgetServerIds();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Told of each write the server took (to refresh what it changed). */
export function onSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

const NO_ENTRIES: readonly OutboxEntry[] = [];
/**
 * The entries a prerendered page is hydrated with: none, as the build drew it (decision 034); the
 * phone's own show in the render just after.
 */
export const noEntriesYet = (): readonly OutboxEntry[] => NO_ENTRIES;

export const currentEntries = (): readonly OutboxEntry[] => snapshot;
