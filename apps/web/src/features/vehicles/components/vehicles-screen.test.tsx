import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import { makeVehicle } from '../../../test/fixtures.ts';
import { enqueue, localIdOf, pendingEntries } from '../../../lib/outbox/outbox.ts';
import { startOutbox } from '../../../lib/outbox/runner.ts';
import { apiError, installFetchMock, json, networkError } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { HOUR, MINUTE, restoreCopies } from '../../../test/saved-copies.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { VehiclesScreen } from './vehicles-screen.tsx';

// The copy's time, with its day when it is not today's (a copy of 2 h ago, just after midnight).
const OFFLINE_COPY = /^Offline copy from (\d{1,2} [A-Z][a-z]{2}, )?\d\d:\d\d$/;

const api = installFetchMock();
const LIST = '/api/vehicles/client/3';
const at = (route: string) => ({ route, clientId: 3 });

const fleet = [
  makeVehicle({
    id: 1,
    vehicleId: '1001',
    description: 'Gillig 40ft',
    route: '22',
    connectionStatus: 'online',
    deviceCount: 2,
    vin: '15GGD2716D1182194',
  }),
  makeVehicle({
    id: 2,
    vehicleId: '1002',
    description: 'New Flyer',
    route: '7',
    connectionStatus: 'unknown',
    deviceCount: 3,
  }),
  makeVehicle({ id: 3, vehicleId: '1003', description: 'Spare', connectionStatus: 'offline' }),
];

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Vehicles' }))
    .getAllByRole('button', { expanded: false })
    .map((b) => b.textContent);

describe('VehiclesScreen', { timeout: 20_000 }, () => {
  it('lists, counts, filters from ?filter=, searches and sorts', async () => {
    api.on('GET', LIST, json(fleet));
    renderWithProviders(<VehiclesScreen />, at('/vehicles?filter=online'));
    expect(await screen.findByText('Total: 1 vehicle')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Online 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All 3' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Unknown 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Offline 1' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'All 3' }));
    expect(screen.getByText('Total: 3 vehicles')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search vehicles' }), {
      target: { value: 'flyer' },
    });
    expect(await screen.findByText('Found 1 vehicle')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search vehicles' }), { target: { value: '' } });
    await screen.findByText('Total: 3 vehicles');
    expect(rowNames().map((t) => t.slice(0, 4))).toEqual(['1001', '1002', '1003']);
    fireEvent.click(screen.getByRole('button', { name: 'Sort: Name A–Z' }));
    expect(rowNames().map((t) => t.slice(0, 4))).toEqual(['1003', '1002', '1001']);
  });

  it('expands a row to show its details, devices and the four actions', async () => {
    api.on('GET', LIST, json(fleet)).on('GET', '/api/devices/vehicle/1', json([]));
    renderWithProviders(<VehiclesScreen />, at('/vehicles'));
    fireEvent.click(await screen.findByRole('button', { name: /^1001/ }));
    expect(screen.getByRole('button', { name: /^1001/ })).toHaveAttribute('aria-expanded', 'true');
    // Shown in groups (15G GD2716 D1182194) that read back as the whole VIN.
    expect(
      screen.getByText((_, el) => el?.getAttribute('data-identifier') === '15GGD2716D1182194'),
    ).toHaveTextContent('15GGD2716D1182194');
    expect(await screen.findByText('No devices connected')).toBeInTheDocument();
    for (const name of ['Vehicle Info', 'Add Device', 'Add Picture', 'Add Notes'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
  });

  it('renders only the rows on screen for 5,000 vehicles', async () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      makeVehicle({ id: i + 1, vehicleId: `B${String(i).padStart(4, '0')}` }),
    );
    api.on('GET', LIST, json(many));
    renderWithProviders(<VehiclesScreen />, at('/vehicles'));
    expect(await screen.findByText('Total: 5,000 vehicles')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Vehicles' })).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(5);
    expect(items.length).toBeLessThan(40);
    expect(items[0]).toHaveAttribute('aria-setsize', '5000');
  });

  it('falls back to the copy kept on this phone with a toast when the online load fails', async () => {
    const queryClient = createQueryClient();
    await restoreCopies(queryClient, [{ queryKey: ['/api/vehicles/client', 3], data: fleet, age: 2 * HOUR }]);
    api.on('GET', LIST, networkError());
    renderWithProviders(<VehiclesScreen />, { ...at('/vehicles'), queryClient });
    expect(await screen.findByText('Total: 3 vehicles')).toBeInTheDocument();
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Using cached data',
        description: 'Loaded 3 vehicles from cache. Connect to internet for latest updates.',
      }),
    );
    expect(api.callsTo('GET', LIST)).toHaveLength(1);
    // Older than an hour: the badge shows, with the copy's time; the raw error never does.
    expect(await screen.findByText(OFFLINE_COPY)).toBeInTheDocument();
    expect(screen.getByText('Using cached data')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });

  it('shows no badge while the copy is under an hour old', async () => {
    const queryClient = createQueryClient();
    await restoreCopies(queryClient, [
      { queryKey: ['/api/vehicles/client', 3], data: fleet, age: 50 * MINUTE },
    ]);
    api.on('GET', LIST, networkError());
    renderWithProviders(<VehiclesScreen />, { ...at('/vehicles'), queryClient });
    expect(await screen.findByText(/^Offline copy from/)).toBeInTheDocument();
    expect(screen.getByText('Total: 3 vehicles')).toBeInTheDocument();
    expect(screen.queryByText('Using cached data')).not.toBeInTheDocument();
  });

  it('keeps the list on screen when the signal drops and a refresh fails', async () => {
    api.on('GET', LIST, json(fleet));
    const { queryClient } = renderWithProviders(<VehiclesScreen />, at('/vehicles'));
    expect(await screen.findByText('Total: 3 vehicles')).toBeInTheDocument();
    api.on('GET', LIST, networkError());
    await act(() => queryClient.refetchQueries({ queryKey: ['/api/vehicles/client', 3] }));
    expect(await screen.findByText(OFFLINE_COPY)).toBeInTheDocument();
    expect(screen.getByText('Total: 3 vehicles')).toBeInTheDocument();
    expect(screen.queryByText('Could not load the vehicles')).not.toBeInTheDocument();
  });

  it('shows the error when the online load fails and nothing is cached', async () => {
    api.on('GET', LIST, apiError(500, 'X', 'boom'));
    renderWithProviders(<VehiclesScreen />, at('/vehicles'));
    expect(await screen.findByText('Could not load the vehicles')).toBeInTheDocument();
  });

  it('keeps a vehicle created offline, shows it as pending, and sends it when the connection returns', async () => {
    api.on('GET', LIST, json(fleet));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // Signed in: the outbox sends nothing for no one.
    renderWithProviders(<VehiclesScreen />, {
      ...at('/vehicles'),
      token: 'test-token',
    });
    // The app sends the outbox from its start-up (app/start.tsx), whatever screen is open.
    onTestFinished(startOutbox());
    await screen.findByText('Total: 3 vehicles');

    fireEvent.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    fireEvent.change(await screen.findByLabelText('Vehicle ID'), { target: { value: 'NEW-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create Vehicle' }));
    expect(await screen.findByRole('button', { name: /^NEW-9.*Pending sync/ })).toBeInTheDocument();
    expect(getToasts()[0]?.title).toBe('Local vehicle created');
    expect(api.calls.every((call) => call.url === LIST)).toBe(true);
    const queued = await pendingEntries();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      method: 'POST',
      url: '/api/vehicles',
      body: { vehicleId: 'NEW-9', clientId: 3 },
      state: 'waiting',
    });

    onLine.mockReturnValue(true);
    const created = makeVehicle({ id: 50, vehicleId: 'NEW-9', isLocal: true });
    const posted = () => api.callsTo('POST', '/api/vehicles');
    api
      .on('GET', LIST, () => json<Vehicle[]>(posted().length > 0 ? [...fleet, created] : fleet))
      .on('POST', '/api/vehicles', json(created, 201));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    await waitFor(async () => expect(await pendingEntries()).toEqual([]));
    expect(posted().map((call) => call.headers['Idempotency-Key'])).toEqual([queued[0]?.idempotencyKey]);
    expect(await screen.findByText('Total: 4 vehicles')).toBeInTheDocument();
    expect(screen.queryByText('Pending sync')).not.toBeInTheDocument();
    onLine.mockRestore();
  });

  it('offers Start installation on a vehicle made without signal, to its workspace by its local id', async () => {
    api.on('GET', LIST, json(fleet));
    const create = await enqueue({
      label: 'Vehicle DEAD-1 created',
      method: 'POST',
      url: '/api/vehicles',
      body: { vehicleId: 'DEAD-1', description: 'Depot spare', clientId: 3, route: null, status: 'active' },
      keyPrefix: 'vehicle-create',
      creates: true,
    });
    renderWithProviders(<VehiclesScreen />, at('/vehicles'));
    fireEvent.click(await screen.findByRole('button', { name: /^DEAD-1.*Pending sync/ }));
    expect(
      screen.getByText('Saved on this device, not on the server yet: what you do here is sent after it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start installation' })).toHaveAttribute(
      'href',
      `/dashboard?vehicleId=${String(localIdOf(create.idempotencyKey))}`,
    );
    // The installation page reads the server: it waits for the vehicle's server id.
    expect(screen.queryByRole('link', { name: 'Installation photos and notes' })).not.toBeInTheDocument();
  });
});
