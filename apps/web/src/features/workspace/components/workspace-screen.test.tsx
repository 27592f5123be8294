import { fireEvent, render, screen } from '@testing-library/react';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireClient } from '../../../app/layouts/require-client.tsx';
import { SCREENS } from '../../../app/route-table.ts';
import { makeVehicle } from '../../../test/fixtures.ts';
import { installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { WorkspaceScreen } from './workspace-screen.tsx';

const api = installFetchMock();

const bus = makeVehicle({ id: 11, vehicleId: '1001', createdAt: '2026-01-01T00:00:00.000Z' });
const agency: Client = {
  id: 3,
  name: 'VVT',
  fullName: 'Valley Vista Transit',
  region: null,
  vehicleCount: 1,
  deviceCount: 0,
  onlineDeviceCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function answerWorkspace() {
  api
    .on('GET', '/api/clients/3', json<Client>(agency))
    .on('GET', '/api/vehicles/client/3', json<Vehicle[]>([bus]))
    // Asked for alone while the agency's list is still loading.
    .on('GET', '/api/vehicles/11', json<Vehicle>(bus))
    // The chosen bus has no devices, tests or log entries yet.
    .on('GET', '/api/devices/vehicle/11', json([]))
    .on('GET', '/api/config/test/vehicle/11', json([]))
    .on('GET', '/api/logs?vehicleId=11', json([]));
}

describe('WorkspaceScreen', { timeout: 20_000 }, () => {
  it("without a client says 'No Client Selected' and offers 'Select Client'", () => {
    // /dashboard is client-scoped in the route table: the screen sits under the route guard.
    const dashboard = SCREENS.find((s) => s.path === '/dashboard');
    expect(dashboard?.client).toBeDefined();
    const router = createMemoryRouter(
      [
        {
          element: <RequireClient />,
          children: [{ path: '/dashboard', handle: dashboard?.client, element: <WorkspaceScreen /> }],
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Installer Workspace' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Client Selected' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Select Client' })).toHaveAttribute('href', '/clients');
    expect(api.calls).toEqual([]);
    router.dispose();
  });

  it('opens with the vehicle of ?vehicleId= chosen; clearing it goes back to the search', async () => {
    answerWorkspace();
    const { router } = renderWithProviders(<WorkspaceScreen />, {
      route: '/dashboard?vehicleId=11',
      clientId: 3,
    });
    expect(await screen.findByText('Vehicle 1001')).toBeInTheDocument();
    expect(await screen.findByText('Valley Vista Transit')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Assignment list' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear vehicle' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Search vehicles')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Assignment list' })).toBeNull();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
