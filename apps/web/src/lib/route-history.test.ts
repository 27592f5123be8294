import { afterEach, describe, expect, it } from 'vitest';
import { getRouteHistory, recordRoute, resetRouteHistory, takeBackTarget } from './route-history.ts';

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
});
