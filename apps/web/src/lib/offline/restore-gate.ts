/**
 * The phone's saved copies being put back into the cache at app start (resolved when done). A list
 * refresh that starts before they are in waits for them (a prerendered page is hydrated first,
 * decision 034): it then asks only for what changed since the copy, not for the whole list.
 * Its own tiny module: the app's start imports it, and must not pull in the list code (and zod).
 */
let copiesRestored: Promise<unknown> = Promise.resolve();

export function holdRefreshesUntil(restored: Promise<unknown>): void {
  copiesRestored = restored.catch(() => undefined);
}

/** Resolves once the saved copies are in the cache (at once when none are being restored). */
export function whenCopiesRestored(): Promise<unknown> {
  return copiesRestored;
}
