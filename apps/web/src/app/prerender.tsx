import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LoginScreen } from '../features/auth/components/login-screen.tsx';
import { PRERENDERED_ATTRIBUTE } from '../lib/prerendered-form.ts';
import { clearSelectedClientId, getSelectedClientId, setSelectedClientId } from '../lib/storage.ts';
import { AppFrame } from './layouts/app-frame.tsx';
import { SCREENS } from './route-table.ts';
import { Component as ClientsRoute } from './routes/clients.tsx';
import { Component as DashboardRoute } from './routes/dashboard.tsx';
import { Component as DevicesRoute } from './routes/devices.tsx';
import { Component as OverviewRoute } from './routes/overview.tsx';
import { Component as VehiclesRoute } from './routes/vehicles.tsx';

/**
 * The login screen as static HTML, written into the build's login.html (build/prerender.ts) and
 * served for /login: the page paints the screen itself, not a loading shell, before any script.
 * The app then replaces it with the same screen (decision 026). Until then the form cannot be
 * sent: its submit button is disabled, which also stops the browser's own submission on Enter (that
 * would put the password in the URL). What is typed meanwhile is carried over (prerendered-form.ts).
 */
export function renderLoginScreen(): string {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const form = html.replace('<form ', `<form ${PRERENDERED_ATTRIBUTE}="" `);
  const sealed = form.replace('<button type="submit"', '<button type="submit" disabled=""');
  if (form === html || sealed === form)
    throw new Error('prerender: the login form or its submit button changed');
  return sealed;
}

/** A placeholder client for the shells of the client-scoped screens: never fetched, never shown. */
const SHELL_CLIENT_ID = 1;

/** The signed-in screens with an app shell (decision 030): each renders its route's own component. */
export const SHELL_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/clients': ClientsRoute,
  '/overview': OverviewRoute,
  '/vehicles': VehiclesRoute,
  '/devices': DevicesRoute,
  '/dashboard': DashboardRoute,
};

/** The page the build writes for `path`: the login screen, or a signed-in screen's app shell. */
export function renderPage(path: string): string {
  if (path === '/login') return renderLoginScreen();
  const Screen = SHELL_SCREENS[path];
  const screen = SCREENS.find((s) => s.path === path);
  if (!Screen || !screen) throw new Error(`prerender: no page for ${path}`);
  return renderAppShell(screen.path, screen.frame, Screen);
}

/**
 * The app shell of a signed-in screen (decision 030): the real frame and screen, rendered as they
 * look before the user's data is known (every query pending; no user name, the product's name in
 * place of the agency's). The whole of it is inert until the app replaces it: nothing can be typed
 * or pressed that the app would then lose; a link still navigates (the server answers it).
 */
export function renderAppShell(path: string, frame: 'none' | 'nav' | 'plain', Screen: ComponentType): string {
  const remembered = getSelectedClientId();
  setSelectedClientId(SHELL_CLIENT_ID);
  try {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {frame === 'none' ? (
              <Route path={path} element={<Screen />} />
            ) : (
              <Route element={<AppFrame nav={frame === 'nav'} />}>
                <Route path={path} element={<Screen />} />
              </Route>
            )}
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const inert = html.replace(/^<(\w+)/, '<$1 inert=""');
    if (inert === html) throw new Error(`prerender: ${path} rendered nothing`);
    return inert;
  } finally {
    if (remembered === null) clearSelectedClientId();
    else setSelectedClientId(remembered);
  }
}
