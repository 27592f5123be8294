/**
 * Reading the errors lib/api-client throws (`${status}: ${body}`, §7), whose body is the server's
 * `{ code, message }` JSON (or plain text), into what a person is shown.
 */

/** True when the request never got an answer (offline, DNS, connection refused). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'NetworkError');
}

/**
 * The non-empty `message` of an error body in JSON; null when the body is JSON without one,
 * undefined when it is not JSON.
 */
export function jsonMessage(body: string): string | null | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  return typeof parsed === 'object' &&
    parsed !== null &&
    'message' in parsed &&
    typeof parsed.message === 'string' &&
    parsed.message
    ? parsed.message
    : null;
}

/** The message to show for a failed call; `fallback` when there is nothing a person can read. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || !error.message || isNetworkError(error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.name === 'ZodError' ? 'Invalid response from server' : error.message;
  const body = (match[1] ?? '').trim();
  if (!body) return fallback;
  const message = jsonMessage(body);
  if (message === undefined) return body.startsWith('<') ? fallback : body;
  return message ?? fallback;
}

/** The HTTP status of a failed call, when it carries one. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** The server's stable `code` of a failed call (`{ code, message }`), when it carries one. */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  return bodyCode(match[1] ?? '');
}

/** The `code` of a `{ code, message }` error body, when it has one. */
export function bodyCode(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' &&
      parsed !== null &&
      'code' in parsed &&
      typeof parsed.code === 'string'
      ? parsed.code
      : null;
  } catch {
    return null;
  }
}

/** What a person reads when the request never got an answer (instead of a raw 'Failed to fetch'). */
const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

/** errorMessage, but a call that never got an answer says so in plain words. */
export function readableError(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return isNetworkError(error) ? NETWORK_ERROR_MESSAGE : errorMessage(error, fallback);
}
