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

/** What followRouteHistory needs of a data router (createBrowserRouter's or createMemoryRouter's). */
interface RouterLike {
  readonly state: { readonly initialized: boolean; readonly location: { pathname: string; search: string } };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

/**
 * Records each location as the router commits it to the address bar, not once its screen has
 * rendered: a Back tapped while the previous Back's screen is still rendering (a slow phone) goes
 * back from the address shown, not from the screen before it.
 */
export function followRouteHistory(router: RouterLike): () => void {
  const record = (state: RouterLike['state']) => {
    if (state.initialized) recordRoute(`${state.location.pathname}${state.location.search}`);
  };
  record(router.state);
  return router.subscribe(record);
}

export function resetRouteHistory(): void {
  history = [];
}

export function getRouteHistory(): readonly string[] {
  return history;
}
