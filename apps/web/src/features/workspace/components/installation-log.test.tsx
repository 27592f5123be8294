import { screen, within } from '@testing-library/react';
import type { InstallationLog as LogEntry } from '@toolkit/contracts/logs.ts';
import { describe, expect, it } from 'vitest';
import { makeListedVehicle, makeLog } from '../../../test/fixtures.ts';
import { installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { InstallationLog } from './installation-log.tsx';

const api = installFetchMock();

const DAY = 24 * 60 * 60 * 1000;

describe('InstallationLog', () => {
  it("shows the vehicle's entries under Today and Yesterday, newest first, in 24-hour time", async () => {
    const now = Date.now();
    const today = new Date(now);
    const yesterday = new Date(now - DAY);
    api.on(
      'GET',
      '/api/logs?vehicleId=11',
      json<LogEntry[]>([
        makeLog(1, 'Device Assignment', yesterday.toISOString(), 'GPS-1 to 1001'),
        makeLog(2, 'Configuration Test', today.toISOString(), 'GPS pass'),
        // Another vehicle's entry is left out.
        { ...makeLog(3, 'Report Export', today.toISOString()), vehicleId: 12 },
      ]),
    );
    renderWithProviders(<InstallationLog vehicle={makeListedVehicle(11, '1001')} />);
    const todayGroup = await screen.findByRole('region', { name: 'Today' });
    expect(api.callsTo('GET', '/api/logs?vehicleId=11')).toHaveLength(1);
    expect(within(todayGroup).getByText('Configuration Test')).toBeInTheDocument();
    expect(within(todayGroup).queryByText('Report Export')).toBeNull();
    const hh = String(today.getHours()).padStart(2, '0');
    const mm = String(today.getMinutes()).padStart(2, '0');
    expect(within(todayGroup).getByText(`${hh}:${mm}`)).toBeInTheDocument();
    const yesterdayGroup = screen.getByRole('region', { name: 'Yesterday' });
    expect(within(yesterdayGroup).getByText('Device Assignment')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Today', 'Yesterday']);
  });
});
