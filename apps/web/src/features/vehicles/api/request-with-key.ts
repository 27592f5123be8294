import { throwIfResNotOk, UNAUTHORIZED_WARNING, type HttpMethod } from '../../../lib/api-client.ts';
import { clearAfterUnauthorized, getRequestToken } from '../../../lib/storage.ts';

/** A key for the `Idempotency-Key` header: 8-128 of [A-Za-z0-9_.:-]. */
export function newIdempotencyKey(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  return `${prefix}:${random}`;
}

/**
 * As lib/api-client's apiRequest (Bearer header, JSON body, 401 handling, `status: body` errors),
 * with an `Idempotency-Key`: a replay with the same key answers the first result.
 */
export async function apiRequestWithKey(
  method: HttpMethod,
  url: string,
  data: unknown,
  key: string,
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Idempotency-Key': key };
  const token = getRequestToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, { method, headers, credentials: 'same-origin', body: JSON.stringify(data) });
  if (res.status === 401) {
    clearAfterUnauthorized();
    console.warn(UNAUTHORIZED_WARNING);
  }
  await throwIfResNotOk(res);
  return res;
}
