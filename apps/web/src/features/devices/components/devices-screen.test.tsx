import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SyncStatusResponse } from '@toolkit/contracts/devices.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubScrollIntoView } from '../../../test/dom.ts';
import { makeDevice } from '../../../test/fixtures.ts';
import { apiError, deferred, installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderWithProviders, type RenderOptions } from '../../../test/render.tsx';
import { VIEW_MODE_KEY } from '../hooks/use-view-mode.ts';
import { DevicesScreen } from './devices-screen.tsx';

const api = installFetchMock();
let scrollIntoView: ReturnType<typeof stubScrollIntoView>;
beforeEach(() => {
  scrollIntoView = stubScrollIntoView();
});
const AT_DEVICES: RenderOptions = { route: '/devices', clientId: 3 };

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const DEVICES = [
  makeDevice('RTR-1', 'Router', {
    vehicleLabel: '1002',
    vehicleId: 12,
    status: 'offline',
    lastHeartbeat: minutesAgo(5),
  }),
  makeDevice('4661200001', 'GPS', { status: 'warning', lastHeartbeat: minutesAgo(125), phone: '5552000001' }),
  makeDevice('HS-1', 'Other', { status: 'offline', lastHeartbeat: null }),
  makeDevice('4661200002', 'GPS', { vehicleId: null, vehicleLabel: null, lastHeartbeat: null }),
  makeDevice('TAB-1', 'Tablet', {
    vehicleLabel: '1003',
    vehicleId: 13,
    metadata: { battery: 12, temperature: 40 },
  }),
];

function serve(devices = DEVICES) {
  api.on('GET', '/api/devices/client/3', json(devices)).on('POST', '/api/devices/sync-status', () =>
    json<SyncStatusResponse>({
      syncStatus: [
        {
          deviceId: 'RTR-1',
          state: 'conflict',
          localVehicleId: '1002',
          navigatorVehicleId: '1005',
          pendingPushes: 0,
          detail: 'Assigned to 1002 here but to 1005 in the external system',
        },
        {
          deviceId: 'TAB-1',
          state: 'inSync',
          localVehicleId: '1003',
          navigatorVehicleId: '1003',
          pendingPushes: 0,
          detail: 'Same assignment on both sides',
        },
      ],
      summary: { inSync: 1, needsSync: 0, conflicts: 1 },
      checkedAt: new Date().toISOString(),
    }),
  );
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Devices' })).getAllByRole('button', {
    expanded: false,
    name: /./,
  });
const rowIds = () => rows().map((b) => b.textContent.match(/^(\S+?)(GPS|Tablet|Router|APC|Other)/)?.[1]);

describe('DevicesScreen', () => {
  it('lists the devices, unassigned first, with status, last seen and battery', async () => {
    serve();
    renderWithProviders(<DevicesScreen />, AT_DEVICES);
    expect(await screen.findByRole('list', { name: 'Devices' })).toBeInTheDocument();
    expect(rowIds()).toEqual(['4661200002', '4661200001', 'HS-1', 'RTR-1', 'TAB-1']);
    const gps = screen.getByRole('button', { name: /^4661200001/ });
    expect(gps).toHaveTextContent('Warning');
    expect(gps).toHaveTextContent('Last seen 2h ago');
    expect(screen.getByRole('button', { name: /^RTR-1/ })).toHaveTextContent('Offline');
    expect(screen.getByRole('button', { name: /^RTR-1/ })).toHaveTextContent('Last seen 5m ago');
    expect(screen.getByRole('button', { name: /^4661200002/ })).toHaveTextContent('Unassigned');
    expect(screen.getByRole('button', { name: /^4661200002/ })).toHaveTextContent('Last seen Never');
    const other = screen.getByRole('button', { name: /^HS-1/ });
    expect(other).toHaveTextContent('Non-reporting');
    expect(other).not.toHaveTextContent('Offline');
    expect(other).not.toHaveTextContent('Last seen');
    expect(screen.getByRole('button', { name: /^TAB-1/ })).toHaveTextContent('Battery 12%');
    expect(screen.getByText('Showing 5 of 5 devices')).toBeInTheDocument();
  });

  it('stands its toolbar while the list loads: what is typed and chosen is kept and applied once it arrives', async () => {
    const list = deferred();
    api.on('GET', '/api/devices/client/3', list.answer);
    renderWithProviders(<DevicesScreen />, AT_DEVICES);
    expect(await screen.findByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading devices' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search devices' });
    expect(search).toHaveAttribute('placeholder', 'Device ID or type');
    // The chips wait for their counts: All alone, without a number.
    const chips = () =>
      within(screen.getByRole('group', { name: 'Filter by type' }))
        .getAllByRole('button')
        .map((c) => c.textContent);
    expect(chips()).toEqual(['All']);
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(/unassigned$/)).not.toBeInTheDocument();

    await userEvent.type(search, 'gps');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'status');
    await userEvent.click(screen.getByRole('button', { name: 'Sort ascending' }));
    await userEvent.click(search);
    expect(screen.getByRole('status', { name: 'Loading devices' })).toBeInTheDocument();

    list.resolve(json(DEVICES));
    expect(await screen.findByRole('list', { name: 'Devices' })).toBeInTheDocument();
    // The same field, still focused, its text applied to the list; the sort chosen while loading too.
    expect(screen.getByRole('searchbox', { name: 'Search devices' })).toBe(search);
    expect(search).toHaveValue('gps');
    expect(search).toHaveFocus();
    // Status, descending: the warning before the online one.
    expect(rowIds()).toEqual(['4661200001', '4661200002']);
    expect(screen.getByLabelText('Sort by')).toHaveValue('status');
    expect(screen.getByRole('button', { name: 'Sort descending' })).toBeInTheDocument();
    expect(chips()).toEqual(['All (5)', 'GPS (2)', 'Tablet (1)', 'Router (1)', 'Other (1)']);
    expect(screen.getByText('5 devices')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading devices' })).not.toBeInTheDocument();
  });

  it('shows the view chosen on this phone while the list loads', async () => {
    localStorage.setItem(VIEW_MODE_KEY, 'cards');
    api.on('GET', '/api/devices/client/3', deferred().answer);
    renderWithProviders(<DevicesScreen />, AT_DEVICES);
    expect(await screen.findByRole('button', { name: 'Cards view' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(VIEW_MODE_KEY)).toBe('list');
  });

  it('offers chips for the types present in §9 order, filters, and offers Create Device except for Other', async () => {
    serve();
    renderWithProviders(<DevicesScreen />, AT_DEVICES);
    await screen.findByRole('list', { name: 'Devices' });
    const chips = within(screen.getByRole('group', { name: 'Filter by type' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([
      'All (5)',
      'GPS (2)',
      'Tablet (1)',
      'Router (1)',
      'Other (1)',
    ]);
    expect(screen.queryByRole('button', { name: /Create .* Device/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'GPS (2)' }));
    expect(screen.getByRole('button', { name: 'GPS (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(rowIds()).toEqual(['4661200002', '4661200001']);
    expect(screen.getByRole('button', { name: 'Create GPS Device' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Other (1)' }));
    expect(rowIds()).toEqual(['HS-1']);
    expect(screen.queryByRole('button', { name: /Create .* Device/ })).not.toBeInTheDocument();
  });

  it('searches by device id or type and sorts with a direction toggle', async () => {
    serve();
    renderWithProviders(<DevicesScreen />, AT_DEVICES);
    await screen.findByRole('list', { name: 'Devices' });
    const search = screen.getByLabelText('Search devices');
    await userEvent.type(search, 'rout');
    expect(rowIds()).toEqual(['RTR-1']);
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing');
    expect(screen.getByText('No devices match "nothing".')).toBeInTheDocument();
    await userEvent.clear(search);

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'type');
    expect(rowIds()).toEqual(['4661200001', '4661200002', 'TAB-1', 'RTR-1', 'HS-1']);
    await userEvent.click(screen.getByRole('button', { name: 'Sort ascending' }));
    expect(screen.getByRole('button', { name: 'Sort descending' })).toBeInTheDocument();
    expect(rowIds()).toEqual(['HS-1', 'RTR-1', 'TAB-1', '4661200001', '4661200002']);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'status');
    expect(rowIds()[0]).toBe('HS-1');
  });

  it('remembers the cards view', async () => {
    serve();
    const { unmount } = renderWithProviders(<DevicesScreen />, AT_DEVICES);
    await userEvent.click(await screen.findByRole('button', { name: 'Cards view' }));
    expect(localStorage.getItem(VIEW_MODE_KEY)).toBe('cards');
    unmount();
    renderWithProviders(<DevicesScreen />, AT_DEVICES);
    expect(await screen.findByRole('button', { name: 'Cards view' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('expands a device on tap and the focused device from the URL', async () => {
    serve();
    renderWithProviders(<DevicesScreen focusDeviceId="RTR-1" />, AT_DEVICES);
    const router = await screen.findByRole('button', { name: /^RTR-1/ });
    expect(router).toHaveAttribute('aria-expanded', 'true');
    expect(scrollIntoView).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Details and history' })).toHaveAttribute(
      'href',
      '/devices/RTR-1',
    );
    expect(screen.getByRole('button', { name: 'Reassign' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Control Panel' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^HS-1/ }));
    expect(screen.getByRole('button', { name: /^HS-1/ })).toHaveAttribute('aria-expanded', 'true');
    // Type Other has no control panel.
    expect(screen.getAllByRole('button', { name: 'Control Panel' })).toHaveLength(1);
  });

  it('pages long lists with Show more', async () => {
    serve(Array.from({ length: 65 }, (_, i) => makeDevice(`GPS-${String(i).padStart(3, '0')}`, 'GPS')));
    renderWithProviders(<DevicesScreen />, AT_DEVICES);
    expect(await screen.findByText('Showing 50 of 65 devices')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Devices' }).children).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Show 15 more' }));
    expect(screen.getByText('Showing 65 of 65 devices')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Devices' }).children).toHaveLength(65);
    expect(screen.queryByRole('button', { name: /more$/ })).not.toBeInTheDocument();
  }, 15_000);

  it('says Error loading devices with advice when the list cannot load', async () => {
    api.on('GET', '/api/devices/client/3', apiError(500, 'X', 'Server down'));
    renderWithProviders(<DevicesScreen />, AT_DEVICES);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading devices');
    expect(alert).toHaveTextContent('check your internet connection');
    expect(alert).toHaveTextContent('Server down');
  });

  it('runs a sync check and lists the conflicts', async () => {
    serve();
    renderWithProviders(<DevicesScreen />, AT_DEVICES);
    await userEvent.click(await screen.findByRole('button', { name: 'Sync Check' }));
    const result = await screen.findByRole('status', { name: 'Sync check result' });
    expect(result).toHaveTextContent('1 in sync');
    expect(result).toHaveTextContent('0 need sync');
    expect(result).toHaveTextContent('1 conflicts');
    expect(within(result).getByRole('list', { name: 'Conflicting devices' })).toHaveTextContent(
      'RTR-1: Assigned to 1002 here but to 1005 in the external system',
    );
    expect(api.callsTo('POST', '/api/devices/sync-status')[0]?.rawBody).toBe('{"clientId":3}');
  });

  it('shows Sync Check Failed', async () => {
    serve();
    renderWithProviders(<DevicesScreen />, { ...AT_DEVICES, toaster: true });
    await screen.findByRole('list', { name: 'Devices' });
    api.once(
      'POST',
      '/api/devices/sync-status',
      apiError(503, 'PROVIDER_UNAVAILABLE', 'The fleet tracking system cannot be reached.'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sync Check' }));
    await waitFor(() => expect(screen.getAllByText('Sync Check Failed').length).toBeGreaterThan(0));
    expect(screen.getAllByText('The fleet tracking system cannot be reached.').length).toBeGreaterThan(0);
  });
});
