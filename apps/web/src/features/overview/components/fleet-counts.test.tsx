import { screen, within } from '@testing-library/react';
import type { FleetOverview } from '@toolkit/contracts/clients.ts';
import { describe, expect, it } from 'vitest';
import { installFetchMock, json, text } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FleetCounts } from './fleet-counts.tsx';

const api = installFetchMock();
const OVERVIEW_URL = '/api/clients/3/overview';

const overview: FleetOverview = {
  clientId: 3,
  totalVehicles: 318,
  totalDevices: 1203,
  onlineDevices: 799,
  vehicleStatus: { online: 136, unknown: 126, offline: 56 },
  deviceTypes: { Other: 98, APC: 173, Router: 305, Tablet: 299, GPS: 328 },
  lastSyncedAt: null,
};

describe('FleetCounts', () => {
  it('shows the counts with links and the device types in §9 order', async () => {
    api.on('GET', OVERVIEW_URL, json(overview));
    renderWithProviders(<FleetCounts clientId={3} />, { route: '/overview' });
    expect(await screen.findByRole('link', { name: /Total Vehicles\s*318/ })).toHaveAttribute(
      'href',
      '/vehicles',
    );
    expect(screen.getByRole('link', { name: /Total Devices\s*1,203/ })).toHaveAttribute('href', '/devices');
    expect(screen.getByRole('link', { name: /Online\s*136/ })).toHaveAttribute(
      'href',
      '/vehicles?filter=online',
    );
    expect(screen.getByRole('link', { name: /Unknown\s*126/ })).toHaveAttribute(
      'href',
      '/vehicles?filter=unknown',
    );
    expect(screen.getByRole('link', { name: /Offline\s*56/ })).toHaveAttribute(
      'href',
      '/vehicles?filter=offline',
    );
    const rows = within(screen.getByRole('list', { name: 'Device types' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'GPS328',
      'Tablet299',
      'Router305',
      'APC173',
      'Other98',
    ]);
    expect(screen.getByText('Live data • Updates every 15 seconds')).toBeInTheDocument();
    expect(api.calls[0]?.url).toBe(OVERVIEW_URL);
  });

  it('offers a retry when loading fails', async () => {
    api.on('GET', OVERVIEW_URL, text('boom', 500));
    renderWithProviders(<FleetCounts clientId={3} />, { route: '/overview' });
    expect(await screen.findByText('boom')).toBeInTheDocument();
    api.on('GET', OVERVIEW_URL, json(overview));
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('link', { name: /Total Vehicles\s*318/ })).toBeInTheDocument();
  });

  it('keeps the last known counts, marked as such, when a refresh fails', async () => {
    api.on('GET', OVERVIEW_URL, json(overview));
    const { queryClient } = renderWithProviders(<FleetCounts clientId={3} />, { route: '/overview' });
    expect(await screen.findByRole('link', { name: /Total Vehicles\s*318/ })).toBeInTheDocument();
    api.on('GET', OVERVIEW_URL, text('down', 503));
    await queryClient.refetchQueries({ queryKey: ['/api/clients', 3, 'overview'] });
    expect(
      await screen.findByText(/Refresh failed: showing the last known counts from \d\d:\d\d\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Total Vehicles\s*318/ })).toBeInTheDocument();
    api.on('GET', OVERVIEW_URL, json({ ...overview, totalVehicles: 319 }));
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('link', { name: /Total Vehicles\s*319/ })).toBeInTheDocument();
    expect(screen.queryByText(/Refresh failed/)).not.toBeInTheDocument();
  });
});
