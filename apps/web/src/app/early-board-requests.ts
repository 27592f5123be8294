import { CAMPAIGNS_URL } from '../features/campaigns/api/campaigns-path.ts';
// Types only: nothing of the app's chunk comes with this file (see lib/early-gets.ts).
import type { EarlyGet } from '../lib/early-gets.ts';

/**
 * The token a request would carry (storage.ts's getRequestToken: persistent storage first, under
 * §4's key `token`), read without that module, which lives in the app's chunk; nothing is in
 * memory yet at start.
 */
function storedToken(): string | null {
  try {
    return localStorage.getItem('token') ?? sessionStorage.getItem('token');
  } catch {
    return null;
  }
}

/**
 * A campaign's board opened on a wide screen (the entry loads this file for that page only): the
 * campaign, its summary and its stock (what the board's loader asks for, `board-preload.ts`), all
 * at once and before the app's code has arrived and run, rather than once it has (decision 055). Who may read them is the server's to say,
 * as for every request: a user who is not a supervisor is answered by their rights, the same answer
 * the app would have had, and what the app does not ask for (that user's screen is "My buses", not
 * the board) is never taken. Nothing while the phone knows it is offline: the app's own requests
 * then wait for the network.
 */
export function startBoardRequests(pathname: string): void {
  const token = storedToken();
  if (token === null || !navigator.onLine) return;
  const early = (window.toolkitEarlyGets ??= new Map<string, EarlyGet>());
  const url = `${CAMPAIGNS_URL}/${pathname.split('/')[2] ?? ''}`;
  for (const path of [url, `${url}/summary`, `${url}/stock`]) {
    const response = fetch(path, { headers: { Authorization: `Bearer ${token}` } });
    // Not taken (the app went elsewhere, or has no use for it): no unhandled rejection.
    response.catch(() => undefined);
    early.set(path, { token, at: Date.now(), response });
  }
}
