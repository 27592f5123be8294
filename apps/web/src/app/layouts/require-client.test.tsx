import { act, render, screen } from '@testing-library/react';
import { isValidElement } from 'react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSelectedClientId, clearSession, setSelectedClientId } from '../../lib/storage.ts';
import { SCREENS } from '../route-table.ts';
import { createRoutes } from '../router.tsx';
import { RequireClient } from './require-client.tsx';

afterEach(() => clearSession());

function renderGuarded(path = '/devices') {
  const router = createMemoryRouter(
    [
      {
        element: <RequireClient />,
        children: [
          {
            path: '/devices',
            handle: { title: 'Devices', what: 'its devices' },
            element: <p>Device list</p>,
          },
        ],
      },
      { path: '/clients', element: <h1>Clients page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RequireClient (a client must be selected)', () => {
  it('shows No Client Selected with the screen title and a way to choose one', async () => {
    renderGuarded();
    expect(screen.getByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Client Selected' })).toBeInTheDocument();
    expect(screen.getByText('Choose a transit agency to see its devices.')).toBeInTheDocument();
    expect(screen.queryByText('Device list')).not.toBeInTheDocument();
    act(() => screen.getByRole('link', { name: 'Select Client' }).click());
    expect(await screen.findByRole('heading', { name: 'Clients page' })).toBeInTheDocument();
  });

  it('shows the screen once a client is selected, and the card again when it is cleared', () => {
    setSelectedClientId(3);
    renderGuarded();
    expect(screen.getByText('Device list')).toBeInTheDocument();
    act(() => clearSelectedClientId());
    expect(screen.getByRole('heading', { name: 'No Client Selected' })).toBeInTheDocument();
    expect(screen.queryByText('Device list')).not.toBeInTheDocument();
  });

  it('guards exactly the client-scoped screens of the route table', () => {
    const routes = createRoutes();
    for (const s of SCREENS.filter((x) => x.signedIn)) {
      const matches = matchRoutes(routes, s.path.replace(/:\w+/g, 'x')) ?? [];
      const guarded = matches.some(
        (m) => isValidElement(m.route.element) && m.route.element.type === RequireClient,
      );
      expect(guarded, s.path).toBe(s.client !== undefined);
    }
    expect(SCREENS.filter((s) => s.client).map((s) => s.path)).toEqual([
      '/dashboard',
      '/overview',
      '/vehicles',
      '/devices',
      '/campaigns',
      '/campaigns/:campaignId',
      '/campaigns/:campaignId/buses/:busId',
      '/campaigns/:campaignId/shipments',
    ]);
  });
});
