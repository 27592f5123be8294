import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders a screen inside a memory router and a fresh query client with the app's defaults. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/' }: { route?: string } = {},
): RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: ReturnType<typeof createQueryClient>;
} {
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
      { path: '/clients', element: <h1>Clients page</h1> },
    ],
    { initialEntries: [route] },
  );
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
