import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RequireClient } from '../../../app/layouts/require-client.tsx';
import { SCREENS } from '../../../app/route-table.ts';
import { makeVehicle } from '../../../test/fixtures.ts';
import { enqueue, flush, localIdOf } from '../../../lib/outbox/outbox.ts';
import { installFetchMock, json, networkError } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { WorkspaceScreen } from './workspace-screen.tsx';

const api = installFetchMock();
const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';

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
    expect(await screen.findByRole('heading', { name: 'Assignment list' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear vehicle' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Search vehicles')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Assignment list' })).toBeNull();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('says the chosen bus in two lines, make, model and year once, its actions in one row', async () => {
    // The fleet system's description starts with make, model and year: they are not said again.
    const described = makeVehicle({
      id: 12,
      vehicleId: '231',
      description: '2022 Ford E-450 Cutaway — East Yard',
      make: 'Ford',
      model: 'E-450 Cutaway',
      year: 2022,
      vin: '1FDLJZDA1NP979780',
      connectionStatus: 'unknown',
    });
    // One the description does not name: both, in one line.
    const other = makeVehicle({
      id: 13,
      vehicleId: '232',
      description: 'Depot spare',
      make: 'Gillig',
      model: 'Low Floor',
      year: 2016,
    });
    api
      .on('GET', '/api/clients/3', json<Client>(agency))
      .on('GET', '/api/vehicles/client/3', json<Vehicle[]>([described, other]));
    for (const id of ['12', '13'])
      api
        .on('GET', `/api/vehicles/${id}`, json<Vehicle>(id === '12' ? described : other))
        .on('GET', `/api/devices/vehicle/${id}`, json([]))
        .on('GET', `/api/config/test/vehicle/${id}`, json([]))
        .on('GET', `/api/logs?vehicleId=${id}`, json([]));
    const { router } = renderWithProviders(<WorkspaceScreen />, {
      route: '/dashboard?vehicleId=12',
      clientId: 3,
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Vehicle 231' })).toBeInTheDocument();
    expect(screen.getByText('unknown')).toBeInTheDocument();
    expect(screen.getByText('2022 Ford E-450 Cutaway — East Yard')).toBeInTheDocument();
    expect(screen.queryByText(/Ford E-450 Cutaway 2022/)).toBeNull();
    // Vehicle Info holds the VIN; the card's three actions are there.
    expect(screen.queryByText(/1FDLJZDA1NP979780/)).toBeNull();
    for (const name of ['Clear vehicle', 'Vehicle Info', 'Add Photo'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(await screen.findByRole('heading', { name: 'Assignment list' })).toBeInTheDocument();

    await act(() => router.navigate('/dashboard?vehicleId=13'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Vehicle 232' })).toBeInTheDocument();
    expect(screen.getByText('Gillig Low Floor 2016 · Depot spare')).toBeInTheDocument();
  });

  it('works on a bus made without signal by its local id: every section, waiting, then its server id', async () => {
    // The bus was made without signal, then an assignment, a note and a photo were kept for it.
    api.on('POST', '/api/vehicles', networkError());
    const create = await enqueue({
      label: 'Vehicle DEAD-1 created',
      method: 'POST',
      url: '/api/vehicles',
      body: { vehicleId: 'DEAD-1', description: 'Depot spare', clientId: 3, route: null, status: 'active' },
      keyPrefix: 'vehicle-create',
      creates: true,
    });
    const local = localIdOf(create.idempotencyKey);
    await enqueue({
      label: 'Device G9 to DEAD-1',
      method: 'POST',
      url: '/api/devices/assign',
      body: { deviceIds: ['G9'], vehicleId: local, clientId: 3 },
      keyPrefix: 'assign',
    });
    await enqueue({
      label: 'Log note: Fitted in the basement',
      method: 'POST',
      url: '/api/logs',
      body: {
        vehicleId: local,
        deviceId: null,
        action: 'Installation Note',
        details: 'Fitted in the basement',
      },
      keyPrefix: 'log',
    });
    await enqueue({
      label: 'Photo: after',
      method: 'POST',
      url: '/api/photos',
      body: {
        vehicleId: local,
        photoData: JPEG,
        thumbnailData: null,
        photoType: 'after',
        description: 'Mount',
      },
      keyPrefix: 'photo',
    });
    api
      .on('GET', '/api/clients/3', json<Client>(agency))
      .on('GET', '/api/vehicles/client/3', json<Vehicle[]>([bus]));
    const { router } = renderWithProviders(<WorkspaceScreen />, {
      route: `/dashboard?vehicleId=${String(local)}`,
      clientId: 3,
    });

    expect(await screen.findByText('Vehicle DEAD-1')).toBeInTheDocument();
    expect(screen.getByText('Pending sync')).toBeInTheDocument();
    for (const name of ['Assignment list', 'Device status', 'Configuration validator', 'Installation log'])
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    expect(screen.getAllByText(/^Waiting for the vehicle to reach the server: /)).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run Test' })).toBeEnabled();
    // What was done for it on this phone, each marked as waiting.
    const assigned = screen.getByRole('list', { name: 'Assignments waiting to be sent' });
    expect(assigned).toHaveTextContent('Device G9 to this vehicle');
    const records = screen.getByRole('region', { name: 'Waiting to be sent' });
    expect(records).toHaveTextContent('Fitted in the basement');
    expect(
      within(records).getByRole('img', { name: 'After photo thumbnail, not sent yet' }),
    ).toBeInTheDocument();
    expect(within(records).getAllByText('Saved on this device — will be sent when online')).toHaveLength(2);
    // The server is never asked about the local id.
    expect(api.calls.filter((c) => c.url.includes(String(local)))).toEqual([]);

    // A note half typed, then the signal returns: the bus reaches the server, then what waited.
    fireEvent.change(screen.getByLabelText('Installation Note'), { target: { value: 'Half typed' } });
    const created = makeVehicle({ id: 50, vehicleId: 'DEAD-1', description: 'Depot spare', isLocal: true });
    api
      .on('POST', '/api/vehicles', json<Vehicle>(created, 201))
      .on('POST', '/api/devices/assign', json({}))
      .on('POST', '/api/logs', json({}, 201))
      .on('POST', '/api/photos', json({}, 201))
      .on('GET', '/api/vehicles/client/3', json<Vehicle[]>([bus, created]))
      .on('GET', '/api/vehicles/50', json<Vehicle>(created))
      .on('GET', '/api/devices/vehicle/50', json([]))
      .on('GET', '/api/config/test/vehicle/50', json([]))
      .on('GET', '/api/logs?vehicleId=50', json([]));
    await act(async () => {
      await flush();
    });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?vehicleId=50'));
    expect(await screen.findByText('No test yet: all five results are pending.')).toBeInTheDocument();
    expect(screen.queryByText(/^Waiting for the vehicle to reach the server/)).not.toBeInTheDocument();
    expect(screen.getByText('Vehicle DEAD-1')).toBeInTheDocument();
    expect(screen.getByLabelText('Installation Note')).toHaveValue('Half typed');
    expect(api.callsTo('POST', '/api/devices/assign').map((c) => c.body)).toEqual([
      { deviceIds: ['G9'], vehicleId: 50, clientId: 3 },
    ]);
    expect(api.calls.filter((c) => c.url.includes(String(local)))).toEqual([]);
  });

  it('still opens a bus made without signal by its create key (the address of an earlier version)', async () => {
    api.on('GET', '/api/clients/3', json<Client>(agency)).on('GET', '/api/vehicles/client/3', json([bus]));
    const create = await enqueue({
      label: 'Vehicle DEAD-2 created',
      method: 'POST',
      url: '/api/vehicles',
      body: { vehicleId: 'DEAD-2', description: null, clientId: 3, route: null, status: 'active' },
      keyPrefix: 'vehicle-create',
      creates: true,
    });
    renderWithProviders(<WorkspaceScreen />, {
      route: `/dashboard?localVehicle=${create.idempotencyKey}`,
      clientId: 3,
    });
    expect(await screen.findByText('Vehicle DEAD-2')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Configuration validator' })).toBeInTheDocument();
  });
});
