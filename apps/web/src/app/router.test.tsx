import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { SCREENS } from './route-table.ts';
import { createRoutes, whenRouterReady } from './router.tsx';

describe('router (§2)', () => {
  it('has a route for every screen of the table, matched by its URL', () => {
    const routes = createRoutes();
    const examples: Record<string, string> = {
      '/devices/:deviceId': '/devices/ESN-1',
      '/vehicle/:vehicleId/installation': '/vehicle/12/installation',
      '*': '/no/such/page',
    };
    for (const screen of SCREENS) {
      const matches = matchRoutes(routes, examples[screen.path] ?? screen.path);
      expect(matches?.at(-1)?.route.path, screen.path).toBe(screen.path);
    }
  });

  it('puts signed-in screens behind the guard and public ones outside it', () => {
    const routes = createRoutes();
    for (const screen of SCREENS) {
      const path = screen.path === '*' ? '/no/such/page' : screen.path.replace(/:\w+/g, 'x');
      const matches = matchRoutes(routes, path) ?? [];
      // root layout, then either the screen itself or guard > signed-in layout > (frame) > screen
      expect(matches.length > 2, screen.path).toBe(screen.signedIn);
    }
  });

  it('sends an unknown path without a token to /login (§2: only / and /login are public)', async () => {
    localStorage.clear();
    sessionStorage.clear();
    const router = createMemoryRouter(createRoutes(), { initialEntries: ['/no/such/page'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    router.dispose();
  });

  it('is ready once the first screen’s code has loaded', async () => {
    const router = createMemoryRouter(createRoutes(), { initialEntries: ['/login'] });
    await whenRouterReady(router);
    expect(router.state.initialized).toBe(true);
    expect(router.state.matches.at(-1)?.route.element).toBeTruthy();
    router.dispose();
  });
});
