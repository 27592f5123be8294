import { replaceEqualDeep, type QueryFunction } from '@tanstack/react-query';
import { REVISION_HEADER, type ListDelta } from '@toolkit/contracts/list-delta.ts';
import type { z } from 'zod';
import { getFromPath, keyToPath, parseJson } from './api-client.ts';
import { whenCopiesRestored } from './offline/restore-gate.ts';

/**
 * Delta sync of the agency lists (decision 022). The revision of each list loaded from the server
 * is kept beside it (keyed by the list object itself, so a list changed by hand has none and is
 * loaded whole again); the next refresh asks only for what changed since and merges it. The phone's
 * saved copy of a list keeps its revision too (saved-copies.ts), so the first refresh after the app
 * starts again is a delta as well.
 */
const revisions = new WeakMap<object, number>();

export function revisionOf(list: unknown): number | undefined {
  return typeof list === 'object' && list !== null ? revisions.get(list) : undefined;
}

/** The revision a list restored from the phone's saved copy was loaded at. */
export function rememberRevision(list: unknown, revision: number): void {
  if (typeof list === 'object' && list !== null && Number.isInteger(revision)) revisions.set(list, revision);
}

/** Upserts replace rows by id or are added, removed ids are dropped; rows keep the list's order. */
export function mergeDelta<T extends { id: number }>(
  old: readonly T[],
  delta: Pick<ListDelta<T>, 'upserts' | 'removed'>,
  order: (a: T, b: T) => number,
): T[] {
  const removed = new Set(delta.removed);
  const upserts = new Map(delta.upserts.map((row) => [row.id, row]));
  const merged = old.flatMap((row) => {
    if (removed.has(row.id)) return [];
    const next = upserts.get(row.id);
    upserts.delete(row.id);
    return [next ?? row];
  });
  if (upserts.size === 0) return merged;
  return [...merged, ...upserts.values()].sort(order);
}

/**
 * Structural sharing that keeps the revision: TanStack stores the old objects where the new data
 * is equal, so the stored list is not always the object the query function returned.
 */
export function shareKeepingRevision(old: unknown, next: unknown): unknown {
  const shared = replaceEqualDeep(old, next);
  const revision = typeof next === 'object' && next !== null ? revisions.get(next) : undefined;
  if (revision !== undefined && typeof shared === 'object' && shared !== null)
    revisions.set(shared, revision);
  return shared;
}

function remember<T extends object>(list: T, res: Response): T {
  const revision = Number(res.headers.get(REVISION_HEADER) ?? Number.NaN);
  if (Number.isInteger(revision)) revisions.set(list, revision);
  return list;
}

/**
 * An agency list loaded whole the first time and by deltas afterwards: 304 keeps the list, a
 * delta is merged, a full answer (the server could not start from our revision) replaces it.
 */
export function deltaListQuery<T extends { id: number }>(options: {
  list: z.ZodType<T[]>;
  delta: z.ZodType<ListDelta<T>>;
  order: (a: T, b: T) => number;
}): QueryFunction<T[]> {
  return async ({ queryKey, signal, client }) => {
    await whenCopiesRestored();
    const held = client.getQueryData<T[]>(queryKey);
    const since = revisionOf(held);
    const path = keyToPath(queryKey);
    if (held === undefined || since === undefined) {
      const res = await getFromPath(path, signal);
      return remember(await parseJson(res, options.list), res);
    }
    const res = await getFromPath(`${path}?since=${String(since)}`, signal);
    if (res.status === 304) return held;
    const answer = await parseJson(res, options.list.or(options.delta));
    if (Array.isArray(answer)) return remember(answer, res);
    const merged =
      answer.upserts.length === 0 && answer.removed.length === 0
        ? held
        : mergeDelta(held, answer, options.order);
    revisions.set(merged, answer.revision);
    return merged;
  };
}
