import { getRequestToken } from '../storage.ts';
import { flush, pendingEntries, sendNow } from './outbox.ts';
import { onOwnerChange } from './owner.ts';

const TICK_MS = 15_000;

/**
 * Sends the outbox from anywhere in the app, once per page: when the app opens, when the
 * connection returns, and every 15 s while something waits (its backoff decides when an entry is
 * due). What the server took refreshes the queries the write named.
 */
export function startOutbox(): () => void {
  const send = (how: () => Promise<unknown>) => {
    if (typeof navigator !== 'undefined' && !navigator.onLine) return;
    // Signed out (the app opened on the sign-in screen, or the session ended): the writes wait for
    // a sign-in; the next tick after it sends them.
    if (getRequestToken() === null) return;
    how().catch((error: unknown) => console.warn('Outbox flush failed', error));
  };
  const run = () => send(flush);
  // The connection is back: what waits goes now, not when the backoff of its tries without
  // signal ends (up to minutes later).
  const reconnected = () => send(sendNow);
  window.addEventListener('online', reconnected);
  // Someone signed in (or the session was verified): what waited for them goes now, not at the next tick.
  const stopOwner = onOwnerChange((owner) => {
    if (owner) run();
  });
  const timer = setInterval(() => {
    void pendingEntries().then((left) => {
      if (left.some((e) => e.state === 'waiting')) run();
    });
  }, TICK_MS);
  void pendingEntries().then(run);
  return () => {
    stopOwner();
    window.removeEventListener('online', reconnected);
    clearInterval(timer);
  };
}
