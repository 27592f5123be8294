import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { clearAfterUnauthorized, getRequestToken } from './storage.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const UNAUTHORIZED_WARNING = 'Authentication failed - token may be expired or invalid';

/** §4: on a 401 the token and selected client are cleared and a warning is logged; no redirect. */
function handleUnauthorized(): void {
  clearAfterUnauthorized();
  console.warn(UNAUTHORIZED_WARNING);
}

/** §7: every non-OK answer raises `${status}: ${body text or status text}`. */
async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new Error(`${String(res.status)}: ${text}`);
}

function buildInit(method: HttpMethod, data: unknown, idempotencyKey?: string): RequestInit {
  const headers: Record<string, string> = {};
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  const token = getRequestToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(data);
  }
  return init;
}

/**
 * One authenticated call: Bearer header when a token can be read, JSON body when there is a payload,
 * and an `Idempotency-Key` when given (a replay with the same key answers the first result).
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  idempotencyKey?: string,
): Promise<Response> {
  const res = await fetch(url, buildInit(method, data, idempotencyKey));
  if (res.status === 401) handleUnauthorized();
  await throwIfResNotOk(res);
  return res;
}

/** The path of a query: its key segments joined with slashes (§7). */
export function keyToPath(queryKey: QueryKey): string {
  return queryKey.map(String).join('/');
}

async function getFromKey(queryKey: QueryKey, signal: AbortSignal): Promise<Response> {
  return getFromPath(keyToPath(queryKey), signal);
}

/** An authenticated GET of a path (with its query string), the answer unread. */
export function getFromPath(path: string, signal: AbortSignal): Promise<Response> {
  return fetch(path, { ...buildInit('GET', undefined), signal });
}

/** A GET's answer checked as the query functions do (§7: 401 handling, non-OK errors, the contract). */
export async function parseJson<T>(res: Response, schema: z.ZodType<T>): Promise<T> {
  if (res.status === 401) handleUnauthorized();
  await throwIfResNotOk(res);
  return schema.parse(await res.json());
}

/** Default data loading: GET on the key's path, JSON checked against a contract schema. */
export function jsonQuery<T>(schema: z.ZodType<T>): QueryFunction<T> {
  return async ({ queryKey, signal }) => parseJson(await getFromKey(queryKey, signal), schema);
}

/** As jsonQuery, but a 401 yields null instead of an error (§7). */
export function jsonQueryOr401Null<T>(schema: z.ZodType<T>): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await getFromKey(queryKey, signal);
    if (res.status === 401) {
      handleUnauthorized();
      return null;
    }
    return parseJson(res, schema);
  };
}

/**
 * As jsonQuery, with a schema loaded on first use (keeps zod off the first page load). The call
 * and the schema's code load side by side. `sentAlready` may hand over an answer asked for before
 * the app started (the start-up verification, early-verify.ts): it is read instead of a new call.
 */
export function lazyJsonQuery<T>(
  loadSchema: () => Promise<z.ZodType<T>>,
  sentAlready?: () => Promise<Response> | null,
): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const answer = sentAlready?.() ?? getFromKey(queryKey, signal);
    const [res, schema] = await Promise.all([answer, loadSchema()]);
    return parseJson(res, schema);
  };
}
