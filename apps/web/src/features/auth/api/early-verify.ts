import { STORAGE_KEYS } from '@toolkit/contracts/constants.ts';

export const VERIFY_URL = '/api/auth/verify';

let early: { token: string; answer: Promise<Response> } | null = null;

/** The stored token as a request carries it (storage.ts's getRequestToken, without the rest of that module in the entry). */
function storedToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token) ?? sessionStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

/**
 * A stored session's verification, sent by the entry as the page loads rather than once the app's
 * code has loaded and run: on a slow connection its round trip overlaps the code's download, and
 * the screens that wait for the user's role (the campaign board) are not held up by it. The
 * answer is read by the verify query (verify.ts), once.
 */
export function startEarlyVerify(): void {
  const token = storedToken();
  // Offline, the verify query waits for the network (paused) and then asks afresh.
  if (token === null || !navigator.onLine) return;
  const answer = fetch(VERIFY_URL, {
    method: 'GET',
    headers: { Authorization: `Bearer ${token}` },
    credentials: 'same-origin',
  });
  // Read (or dropped) by the verify query; a failure is its to report, never an unhandled rejection.
  answer.catch(() => undefined);
  early = { token, answer };
}

/** The early answer, if one was sent with `token`; it is handed out once. */
export function takeEarlyVerify(token: string | null): Promise<Response> | null {
  const taken = early;
  early = null;
  return taken !== null && taken.token === token ? taken.answer : null;
}
