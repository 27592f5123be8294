import type { ReactNode } from 'react';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import { followRouteHistory } from '../lib/route-history.ts';
import { RequireAuth } from './layouts/require-auth.tsx';
import { RequireClient } from './layouts/require-client.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError, RouteLoading } from './layouts/route-fallbacks.tsx';
import { SCREENS, type Screen, type ScreenFrame } from './route-table.ts';

type LazyRoute = LazyRouteFunction<RouteObject>;

const screenModules = import.meta.glob<Awaited<ReturnType<LazyRoute>>>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
]);

function lazyScreen(module: string): LazyRoute {
  const load = screenModules[`./routes/${module}.tsx`];
  if (!load) throw new Error(`No screen module app/routes/${module}.tsx`);
  return load;
}

/**
 * The frame of the working screens (header, menu, outbox status, bottom navigation) loads with the
 * screen, in parallel, so that the login page does not download it (decision 025).
 */
function lazyFrame(nav: boolean): LazyRoute {
  return async () => {
    const { AppFrame } = await import('./layouts/app-frame.tsx');
    return { element: <AppFrame nav={nav} /> };
  };
}

function screenRoutes(signedIn: boolean, frame: ScreenFrame, client = false): RouteObject[] {
  return SCREENS.filter(
    (s: Screen) => s.signedIn === signedIn && s.frame === frame && (s.client !== undefined) === client,
  ).map((s) => ({ path: s.path, lazy: lazyScreen(s.module), handle: s.client }));
}

/** Routes of spec §2 (see route-table.ts); every screen is its own lazily loaded chunk. */
export function createRoutes(extra?: ReactNode): RouteObject[] {
  return [
    {
      element: <RootLayout extra={extra} />,
      HydrateFallback: RouteLoading,
      errorElement: <RouteError />,
      children: [
        ...screenRoutes(false, 'none'),
        {
          // The guard ships with the first load and checks the stored token on every navigation.
          element: <RequireAuth />,
          children: [
            ...screenRoutes(true, 'none'),
            {
              lazy: lazyFrame(true),
              children: [
                ...screenRoutes(true, 'nav'),
                // The client-scoped screens: 'No Client Selected' until a client is chosen.
                { element: <RequireClient />, children: screenRoutes(true, 'nav', true) },
              ],
            },
            { lazy: lazyFrame(false), children: screenRoutes(true, 'plain') },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(extra?: ReactNode) {
  const router = createBrowserRouter(createRoutes(extra));
  followRouteHistory(router);
  return router;
}

/** Resolves once the router has loaded the code (and data) of the first location. */
export function whenRouterReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
