/**
 * GETs started before the app's code has loaded (decision 055; which ones:
 * app/early-board-requests.ts). On a slow phone the app's chunks take most of a second to arrive
 * and run; a request made by the app waits for them, one made from the entry does not. The app
 * takes each answer where it would have asked (`getFromPath`), once, for the same path and the same
 * token, within a few seconds; an answer not taken by then is never shown late.
 *
 * The answers wait on `window` (`toolkitEarlyGets`), not in a module both sides import: a module
 * shared with the app would bring the app's whole chunk with it to the page's first script.
 */
export const TAKE_WITHIN_MS = 10_000;

export interface EarlyGet {
  token: string;
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** Path → an answer asked for before the app ran (this module's `takeEarlyGet`). */
    toolkitEarlyGets?: Map<string, EarlyGet>;
  }
}

/** The answer asked for early, for this path and token, if it is there and fresh: taken once. */
export function takeEarlyGet(path: string, token: string | null): Promise<Response> | null {
  const early = window.toolkitEarlyGets?.get(path);
  if (!early) return null;
  window.toolkitEarlyGets?.delete(path);
  return early.token === token && Date.now() - early.at <= TAKE_WITHIN_MS ? early.response : null;
}
