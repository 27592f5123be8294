/**
 * Marks a query whose last good copy is kept on this phone (issue 14): spread into its
 * `queryOptions`. Kept in memory for the whole session (gcTime Infinity), so what was restored or
 * saved is there offline whenever its screen opens; lib/offline/saved-copies.ts writes these to
 * IndexedDB and reads them back at app start.
 */
export const PERSISTED_QUERY = { meta: { persist: true }, gcTime: Infinity } as const;

/** Whether a query's meta marks it as kept on this phone. */
export function isPersistedMeta(meta: Readonly<Record<string, unknown>> | undefined): boolean {
  return meta?.persist === true;
}
