import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, renderHook, type RenderHookResult, type RenderResult } from '@testing-library/react';
import type { User } from '@toolkit/contracts/auth.ts';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { WithVehicleChooser, WithVehicleParts } from '../app/parts/resource-parts.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { setCurrentUser } from '../features/auth/session-store.ts';
import { wireRefresh } from '../app/refresh-wiring.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { clearSession, setSelectedClientId, setToken } from '../lib/storage.ts';

export interface SessionOptions {
  /** Signs this user in: the user is the current user and a token is stored. */
  user?: User;
  /** The stored token (default TEST_TOKEN when a user is given, none otherwise). */
  token?: string;
  /** Whether the token is remembered (local storage) or kept for the session. Default false. */
  rememberMe?: boolean;
  /** The selected client (agency), as the clients screen stores it. */
  clientId?: number;
}

export interface RenderOptions extends SessionOptions {
  /** The URL the memory router starts at (path and query). Default `/`. */
  route?: string;
  /** A query client to share with the test; default a fresh one with the app's defaults (no retry). */
  queryClient?: QueryClient;
  /** Renders the app's toaster beside the UI, for tests that read toasts on screen. */
  toaster?: boolean;
}

export type RenderWithProviders = RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
};

/** The token stored for a signed-in test user. */
export const TEST_TOKEN = 'test-token';

/** Stores a session (user, token, selected client) for this test; all of it is cleared after it. */
export function signIn({ user, token, rememberMe = false, clientId }: SessionOptions): void {
  onTestFinished(() => {
    clearSession();
    setCurrentUser(null);
  });
  const stored = token ?? (user ? TEST_TOKEN : undefined);
  if (stored !== undefined) setToken(stored, rememberMe);
  if (user) setCurrentUser(user);
  if (clientId !== undefined) setSelectedClientId(clientId);
}

/**
 * Renders a screen as the app does: the parts the routes compose (decision 032), a query client with the app's defaults (no retries), a memory
 * router at `route` (with a `/clients` page to land on), optionally the toaster and a session.
 * The session (token, user, selected client) is cleared when the test ends.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderWithProviders {
  const { route = '/', toaster = false, queryClient = createQueryClient() } = options;
  signIn(options);
  // As the app does at start: the outbox refreshes this test's queries (decision 044).
  wireRefresh(queryClient);
  // The parts the routes compose into resource screens (decision 032), around every screen.
  const composed = (
    <WithVehicleChooser>
      <WithVehicleParts>{ui}</WithVehicleParts>
    </WithVehicleChooser>
  );
  const page = toaster ? (
    <>
      {composed}
      <Toaster />
    </>
  ) : (
    composed
  );
  const router = createMemoryRouter(
    [
      { path: '*', element: page },
      { path: '/clients', element: <h1>Clients page</h1> },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  onTestFinished(() => router.dispose());
  return { ...result, router, queryClient };
}

/** Renders a hook inside a query client (default a fresh one with the app's defaults). */
export function renderHookWithQueryClient<Result>(
  hook: () => Result,
  queryClient: QueryClient = createQueryClient(),
): RenderHookResult<Result, unknown> & { queryClient: QueryClient } {
  wireRefresh(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(hook, { wrapper }), queryClient };
}
