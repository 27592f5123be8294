import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  followRouteHistory,
  getRouteHistory,
  recordRoute,
  resetRouteHistory,
  takeBackTarget,
} from './route-history.ts';

afterEach(resetRouteHistory);

describe('route history (§2)', () => {
  it('keeps the last 10 routes and skips repeats of the current one', () => {
    for (let i = 1; i <= 12; i++) recordRoute(`/r${String(i)}`);
    recordRoute('/r12');
    expect(getRouteHistory()).toHaveLength(10);
    expect(getRouteHistory()[0]).toBe('/r3');
  });

  it('goes back to the previous route, then the one before, then /clients', () => {
    recordRoute('/overview');
    recordRoute('/vehicles?filter=online');
    recordRoute('/devices');
    expect(takeBackTarget()).toBe('/vehicles?filter=online');
    recordRoute('/vehicles?filter=online');
    expect(takeBackTarget()).toBe('/overview');
    recordRoute('/overview');
    expect(takeBackTarget()).toBe('/clients');
  });

  it('records each route as the router commits it, before any screen renders', async () => {
    // No React tree at all: a Back tapped while the last Back's screen is still rendering (a slow
    // phone) must go back from the address shown, so the history cannot wait for a render.
    const screen = { Component: () => null };
    const router = createMemoryRouter(
      [
        { path: '/overview', ...screen },
        { path: '/devices', ...screen },
        { path: '/reports', ...screen },
      ],
      { initialEntries: ['/overview'] },
    );
    const stop = followRouteHistory(router);
    await router.navigate('/devices');
    await router.navigate('/reports?range=week');
    expect(getRouteHistory()).toEqual(['/overview', '/devices', '/reports?range=week']);
    await router.navigate(takeBackTarget());
    expect(takeBackTarget()).toBe('/overview');
    stop();
    router.dispose();
  });
});
