import type { SavedShape } from './saved-copy-shapes.ts';

/**
 * Marks a query whose last good copy is kept on this phone (issue 14): spread into its
 * `queryOptions`, naming the contract its data fits (saved-copy-shapes.ts: a copy read back is
 * checked against it). Kept in memory for the whole session (gcTime Infinity), so what was restored
 * or saved is there offline whenever its screen opens; lib/offline/saved-copies.ts writes these to
 * IndexedDB and reads them back at app start.
 */
export function persistedQuery(shape: SavedShape) {
  return { meta: { persist: true, shape }, gcTime: Infinity } as const;
}

/** Whether a query's meta marks it as kept on this phone. */
export function isPersistedMeta(meta: Readonly<Record<string, unknown>> | undefined): boolean {
  return meta?.persist === true;
}

/** The contract a kept query's data fits, as its meta names it. */
export function savedShapeOf(meta: Readonly<Record<string, unknown>> | undefined): string | undefined {
  return typeof meta?.shape === 'string' ? meta.shape : undefined;
}
