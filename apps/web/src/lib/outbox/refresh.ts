/**
 * The one refresh of the app's writes (issue 33, decision 044): the outbox asks again, by their
 * query keys, for what a kept write changes, once, when the server took it, refused it, or the
 * installer gave it up (so a change shown ahead of the server is put right). Installed at app
 * start with the app's query client (app/refresh-wiring.ts); no write module refreshes by itself.
 * Tiny and free of the outbox's storage, so the first screen loads it with the app.
 */
type QueryKeyLike = readonly unknown[];
let refresh: ((key: QueryKeyLike) => void) | null = null;

export function setOutboxRefresh(fn: ((key: QueryKeyLike) => void) | null): void {
  refresh = fn;
}

/** Each key once. */
export function refreshKeys(keys: readonly QueryKeyLike[]): void {
  const seen = new Set<string>();
  for (const key of keys) {
    const id = JSON.stringify(key);
    if (seen.has(id)) continue;
    seen.add(id);
    refresh?.(key);
  }
}
