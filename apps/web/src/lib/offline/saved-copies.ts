import { hashKey, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { del, get, keys, set } from 'idb-keyval';
import { z } from 'zod';
import { rememberRevision, revisionOf } from '../list-delta.ts';
import { isPersistedMeta, savedShapeOf } from './persisted-query.ts';
import { readSavedShape } from './saved-copy-shapes.ts';
import { yieldToMain } from '../yield-to-main.ts';

/**
 * The last good copy of the lists a screen shows (issue 14): every query marked with
 * persistedQuery (naming its contract) that has data is kept in IndexedDB, one key per query, and put back into the
 * query cache at app start. Loaded only by app start (signed in) or once the page is idle, never
 * on the /login critical path.
 */

/** One IndexedDB key per query; the version changes when a saved shape can no longer be read. */
export const SAVED_COPY_PREFIX = 'toolkit-query:v1:';
/** A copy older than this is dropped at start rather than shown. */
const SAVED_COPY_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Changes are written this soon after they land (batched): a phone may be closed, or a page
 * reloaded, a moment after a list arrived. Unchanged refetches write nothing (below).
 */
const SAVE_DELAY_MS = 100;
/** A refetch that brought the same data rewrites the copy only for a newer time of at least this. */
const SAME_DATA_REWRITE_MS = 60_000;

const SavedCopySchema = z.object({
  queryKey: z.array(z.unknown()),
  /** The contract the data fits (saved-copy-shapes.ts); a copy without one is from an older version. */
  shape: z.string(),
  data: z.unknown(),
  dataUpdatedAt: z.number(),
  /** The server revision an agency list was loaded at (decision 022): the next refresh is a delta. */
  revision: z.number().int().optional(),
});
type SavedCopy = z.infer<typeof SavedCopySchema>;

const storageKey = (queryHash: string) => `${SAVED_COPY_PREFIX}${queryHash}`;
const isOurs = (key: IDBValidKey): key is string =>
  typeof key === 'string' && key.startsWith(SAVED_COPY_PREFIX);

/** What was last written for each query, so an unchanged refetch writes nothing. */
const written = new Map<string, { data: unknown; dataUpdatedAt: number; revision?: number }>();
const dirty = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;
/** IndexedDB writes go one after the other, in the order they were asked for. */
let chain: Promise<void> = Promise.resolve();

function queue(work: () => Promise<unknown>): Promise<void> {
  chain = chain.then(work).then(
    () => undefined,
    (error: unknown) => console.warn('Could not update the copies kept on this phone', error),
  );
  return chain;
}

/** Query keys are JSON (strings, numbers, plain objects): an IndexedDB-safe copy of the data. */
function savedCopyOf(query: Query): SavedCopy | null {
  const shape = savedShapeOf(query.meta);
  if (!isPersistedMeta(query.meta) || shape === undefined || query.state.data === undefined) return null;
  const revision = revisionOf(query.state.data);
  return {
    queryKey: [...query.queryKey],
    shape,
    data: query.state.data,
    dataUpdatedAt: query.state.dataUpdatedAt,
    ...(revision === undefined ? {} : { revision }),
  };
}

function needsWrite(hash: string, copy: SavedCopy): boolean {
  const last = written.get(hash);
  if (!last) return true;
  if (last.data !== copy.data || last.revision !== copy.revision) return true;
  return copy.dataUpdatedAt - last.dataUpdatedAt >= SAME_DATA_REWRITE_MS;
}

function writeDirty(queryClient: QueryClient): Promise<void> {
  timer = null;
  const cache = queryClient.getQueryCache();
  const hashes = [...dirty];
  dirty.clear();
  return queue(async () => {
    for (const hash of hashes) {
      const query = cache.get(hash);
      const copy = query ? savedCopyOf(query) : null;
      if (!copy || !needsWrite(hash, copy)) continue;
      written.set(hash, { data: copy.data, dataUpdatedAt: copy.dataUpdatedAt, revision: copy.revision });
      await set(storageKey(hash), copy);
    }
  });
}

/** Copies read back from the phone, to be put into the cache (applyTo) when the app is ready for them. */
interface ReadCopies {
  count: number;
  applyTo: (queryClient: QueryClient) => number;
}

/**
 * Puts the copies kept on this phone into the cache, marked invalidated: the data shows at once,
 * and a screen that mounts still asks the server (the client's staleTime is Infinity). Copies that
 * cannot be read, or are older than SAVED_COPY_MAX_AGE_MS, are deleted.
 */
export async function restoreSavedCopies(queryClient: QueryClient, now = Date.now()): Promise<number> {
  return (await readSavedCopies(now)).applyTo(queryClient);
}

/**
 * Reads the copies kept on this phone (while the app's code loads), to be put into the cache later
 * (a prerendered page is hydrated first: its first render must be the page's, without data).
 */
export async function readSavedCopies(
  now = Date.now(),
  pause: () => Promise<void> = yieldToMain,
): Promise<ReadCopies> {
  const ours = (await keys()).filter(isOurs);
  const copies = await Promise.all(ours.map(async (key) => ({ key, stored: await get<unknown>(key) })));
  const queries: DehydratedState['queries'] = [];
  const revisionsOf = new Map<string, number>();
  for (const { key, stored } of copies) {
    // Each copy is checked in a task of its own (the first screen starts meanwhile: decision 034).
    await pause();
    const parsed = SavedCopySchema.safeParse(stored);
    // A copy that no longer fits its contract (saved by an older version) is dropped: the screen
    // fetches it again rather than show it broken.
    const fits = parsed.success ? await readSavedShape(parsed.data.shape, parsed.data.data, pause) : null;
    if (
      !parsed.success ||
      fits === null ||
      fits.data === undefined ||
      now - parsed.data.dataUpdatedAt > SAVED_COPY_MAX_AGE_MS
    ) {
      void queue(() => del(key));
      continue;
    }
    const { queryKey, dataUpdatedAt, revision } = parsed.data;
    const { data } = fits;
    const queryHash = hashKey(queryKey);
    written.set(queryHash, { data, dataUpdatedAt, revision });
    if (revision !== undefined) revisionsOf.set(queryHash, revision);
    queries.push({
      queryKey,
      queryHash,
      meta: { persist: true },
      dehydratedAt: now,
      state: {
        data,
        dataUpdatedAt,
        dataUpdateCount: 1,
        error: null,
        errorUpdatedAt: 0,
        errorUpdateCount: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: true,
        status: 'success',
        fetchStatus: 'idle',
      },
    });
  }
  const applyTo = (queryClient: QueryClient) => {
    hydrate(queryClient, { queries, mutations: [] }, { defaultOptions: { queries: { gcTime: Infinity } } });
    // The data of a restored query is the very object read back (hydrate keeps it, unless the
    // cache already holds newer data from the server).
    for (const { queryHash, state } of queries) {
      const data: unknown = queryClient.getQueryCache().get(queryHash)?.state.data;
      if (data !== state.data) continue;
      const last = written.get(queryHash);
      if (last) written.set(queryHash, { ...last, data });
      const revision = revisionsOf.get(queryHash);
      if (revision !== undefined) rememberRevision(data, revision);
    }
    return queries.length;
  };
  return { count: queries.length, applyTo };
}

/**
 * Keeps the copies up to date from now on: a query that got data is written (batched, within
 * 100 ms), one removed from the cache (logout) is deleted. Returns the function that stops it.
 */
export function startSavingCopies(queryClient: QueryClient): () => void {
  const schedule = (hash: string) => {
    dirty.add(hash);
    timer ??= setTimeout(() => void writeDirty(queryClient), SAVE_DELAY_MS);
  };
  // What already has data (e.g. loaded before this module arrived) is written too.
  for (const query of queryClient.getQueryCache().getAll()) if (savedCopyOf(query)) schedule(query.queryHash);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') {
      dirty.delete(event.query.queryHash);
      if (!written.delete(event.query.queryHash)) return;
      void queue(() => del(storageKey(event.query.queryHash)));
    } else if (event.type === 'updated' && event.action.type === 'success') {
      if (isPersistedMeta(event.query.meta)) schedule(event.query.queryHash);
    }
  });
  // A phone may close the page at any time: what waits is written when it is hidden.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void writeSavedCopiesNow(queryClient);
  };
  const onPageHide = () => void writeSavedCopiesNow(queryClient);
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}

/** Writes what waits for the next save now (the page is being hidden; tests). */
export function writeSavedCopiesNow(queryClient: QueryClient): Promise<void> {
  if (timer !== null) clearTimeout(timer);
  return writeDirty(queryClient);
}

/**
 * Deletes the copies kept on this phone (logout), or with `before`, those saved before that time
 * (a start without a session: what an earlier session left, never what this page has saved since,
 * should someone sign in before this runs).
 */
export function clearSavedCopies(before?: number): Promise<void> {
  if (before === undefined) {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    dirty.clear();
    written.clear();
  }
  return queue(async () => {
    for (const key of (await keys()).filter(isOurs)) {
      if (before !== undefined) {
        const copy = SavedCopySchema.safeParse(await get(key));
        if (copy.success && copy.data.dataUpdatedAt >= before) continue;
      }
      await del(key);
    }
  });
}
