import type { FetchStatus } from '@tanstack/react-query';
import { LOCAL_CACHE_FRESHNESS_MS } from '@toolkit/contracts/constants.ts';
import { isNetworkError } from '../../lib/api-error.ts';
import { SESSION_STARTED_AT } from '../../lib/query-client.ts';

/** What a screen needs of a query to choose between its data, a saved copy and the empty states. */
export interface LoadedQuery {
  data: unknown;
  dataUpdatedAt: number;
  isError: boolean;
  error: unknown;
  fetchStatus: FetchStatus;
}

/**
 * ready: there is data (fresh or a saved copy): show it, whatever the last refresh did.
 * loading: the first answer is on its way. offline: no data and no way to get it now (the query
 * waits for the network, or the request never got an answer). error: the server answered an error.
 */
type QueryPhase = 'ready' | 'loading' | 'offline' | 'error';

export function queryPhase(query: Omit<LoadedQuery, 'dataUpdatedAt'>): QueryPhase {
  if (query.data !== undefined) return 'ready';
  if (query.fetchStatus === 'paused') return 'offline';
  if (query.isError) return isNetworkError(query.error) ? 'offline' : 'error';
  return 'loading';
}

/**
 * Why the data shown is a copy rather than the server's answer of just now. offline: no signal
 * (waiting for the network, or the refresh never got an answer). failed: the server answered the
 * refresh with an error. updating: a copy kept from an earlier session, its refresh under way.
 * saved: such a copy, not refreshed. null: the data is this session's answer.
 */
type CopyKind = 'offline' | 'failed' | 'updating' | 'saved' | null;

export function copyKind(query: LoadedQuery): CopyKind {
  if (query.data === undefined) return null;
  if (query.fetchStatus === 'paused') return 'offline';
  if (query.isError) return isNetworkError(query.error) ? 'offline' : 'failed';
  if (query.dataUpdatedAt >= SESSION_STARTED_AT) return null;
  return query.fetchStatus === 'fetching' ? 'updating' : 'saved';
}

/** §9: a copy older than the local cache freshness (1 hour) carries the 'Using cached data' badge. */
export function isOldCopy(dataUpdatedAt: number, now: number): boolean {
  return now - dataUpdatedAt > LOCAL_CACHE_FRESHNESS_MS;
}

/** The copy's time: 'HH:MM' today, else with the day ('24 Nov, 10:32'). */
export function copyTime(timestamp: number, now: number): string {
  const at = new Date(timestamp);
  const sameDay = at.toDateString() === new Date(now).toDateString();
  return at.toLocaleString('en-GB', {
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}
