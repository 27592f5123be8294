import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppFrame } from './layouts/app-frame.tsx';
import { RequireAuth } from './layouts/require-auth.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError, RouteLoading } from './layouts/route-fallbacks.tsx';

/** Routes of spec §2; every screen is its own lazily loaded chunk. */
export function createRoutes(extra?: ReactNode): RouteObject[] {
  return [
    {
      element: <RootLayout extra={extra} />,
      HydrateFallback: RouteLoading,
      errorElement: <RouteError />,
      children: [
        { path: '/', lazy: () => import('./routes/root.tsx') },
        { path: '/login', lazy: () => import('./routes/login.tsx') },
        {
          // The guard ships with the first load and checks the stored token on every navigation.
          element: <RequireAuth />,
          children: [
            {
              lazy: () => import('./layouts/protected-layout.tsx'),
              children: [
                { path: '/clients', lazy: () => import('./routes/clients.tsx') },
                {
                  element: <AppFrame />,
                  children: [
                    { path: '/dashboard', lazy: () => import('./routes/dashboard.tsx') },
                    { path: '/overview', lazy: () => import('./routes/overview.tsx') },
                    { path: '/vehicles', lazy: () => import('./routes/vehicles.tsx') },
                    { path: '/devices', lazy: () => import('./routes/devices.tsx') },
                    { path: '/devices/:deviceId', lazy: () => import('./routes/device-detail.tsx') },
                    { path: '/vehicle/:vehicleId/installation', lazy: () => import('./routes/installation.tsx') },
                    { path: '/reports', lazy: () => import('./routes/reports.tsx') },
                    { path: '/support', lazy: () => import('./routes/support.tsx') },
                  ],
                },
              ],
            },
          ],
        },
        {
          element: <AppFrame nav={false} />,
          children: [{ path: '*', lazy: () => import('./routes/not-found.tsx') }],
        },
      ],
    },
  ];
}

export function createAppRouter(extra?: ReactNode) {
  return createBrowserRouter(createRoutes(extra));
}
