import { ROUTE_HISTORY_LIMIT } from '@toolkit/contracts/constants.ts';

/** The last routes visited (path + query), newest last, at most ROUTE_HISTORY_LIMIT (§2). */
let history: string[] = [];

export function recordRoute(route: string): void {
  if (history.at(-1) === route) return;
  history = [...history, route].slice(-ROUTE_HISTORY_LIMIT);
}

/**
 * Where the back button goes: the route before the current one, or /clients when there is none.
 * The current route and the target are dropped, so the target is recorded again on arrival.
 */
export function takeBackTarget(fallback = '/clients'): string {
  const target = history.at(-2);
  if (target === undefined) {
    history = [];
    return fallback;
  }
  history = history.slice(0, -2);
  return target;
}

export function resetRouteHistory(): void {
  history = [];
}

export function getRouteHistory(): readonly string[] {
  return history;
}
