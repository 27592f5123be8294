import { apiRequest } from '../api-client.ts';
import { errorCode, errorStatus, isNetworkError, readableError } from '../api-error.ts';
import { newIdempotencyKey } from '../idempotency-key.ts';
import { currentOwner } from './owner.ts';
import { asKept, isCreate } from './local-ids.ts';
import { refreshKeys } from './refresh.ts';
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
export {
  createKeyOf,
  isStale,
  kindOf,
  OUTBOX_STALE_MS,
  shownEntries,
  waitingOn,
  type OutboxEntry,
  type OutboxState,
} from './entry.ts';
export { requestOf } from './server-ids.ts';
import { createKeyOf, kindOf, type OutboxEntry } from './entry.ts';
import { change, exclusive, publish, read, update } from './store.ts';

export { currentEntries, noEntriesYet, OUTBOX_KEY, subscribe } from './store.ts';

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

const SEND_LOCK = 'toolkit-outbox-send';
const BACKOFF_MAX_MS = 5 * 60 * 1000;
type SentListener = (entry: OutboxEntry, response: unknown) => void;
const sentListeners = new Set<SentListener>();

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
  write: Pick<OutboxEntry, 'label' | 'method' | 'url' | 'body' | 'subject'> & {
    /** What the write is, as its home names it (its `kind`, also its key's prefix). */
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
    kind: write.keyPrefix,
    label: write.label,
    method: write.method,
    url: write.url,
    body: write.body,
    ...(write.subject === undefined ? {} : { subject: write.subject }),
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
  return asKept(entry, [...entries.filter(isCreate).map(createKeyOf), ...Object.keys(ids)], ids);
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
          if (!current.some((e) => createKeyOf(e) === entry.waitsFor?.key))
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
          ids[createKeyOf(entry)] = created;
          await rememberServerId(createKeyOf(entry), created);
        }
        // Told before the entry leaves the list: what a screen keeps of the answer is in place
        // when the write stops showing, so nothing falls back to the copy from before it. A
        // listener that fails must not make a write the server took look refused.
        for (const l of sentListeners) {
          try {
            l(entry, answer);
          } catch (error) {
            console.warn('toolkit: a sent write could not be shown', error);
          }
        }
        await update(entry.id, () => null);
        refreshKeys(entry.invalidate);
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
        // What was shown ahead of the server is put right.
        refreshKeys(entry.invalidate);
      }
    }
    const left = await read();
    publish(left);
    return left;
  });
}

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

/**
 * The installer pressed Retry on a refused entry (after fixing what the server refused): it goes
 * back in line, due at once, under a new Idempotency-Key, since the server keeps its refusal
 * under the first one and would only repeat it; a create keeps the key later writes know it by.
 */
export async function retry(id: string): Promise<void> {
  await update(id, (e) => ({
    ...e,
    localKey: createKeyOf(e),
    idempotencyKey: newIdempotencyKey(kindOf(e)),
    state: 'waiting',
    nextAt: 0,
    error: null,
  }));
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

/** The user gives a kept write up: what was shown ahead of the server is put right. */
export async function discard(id: string): Promise<void> {
  const given = (await read()).find((e) => e.id === id);
  await update(id, () => null);
  if (given?.state === 'waiting') refreshKeys(given.invalidate);
}

/** Everything waiting or refused, oldest first. */
export async function pendingEntries(): Promise<readonly OutboxEntry[]> {
  // The server ids too, so a screen can show a kept write about a vehicle whose create has gone.
  const [entries] = await Promise.all([read(), readServerIds()]);
  publish(entries);
  return entries;
}

/** Empties the outbox (logout, after the user agreed to lose what it names). */
export async function clearOutbox(): Promise<void> {
  await change(() => []);
  await forgetServerIds();
}

/** Told of each write the server took (to refresh what it changed). */
export function onSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}
