import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('adds a note to the log; blank text shows the spec message and is never sent', async () => {
    api
      .on('GET', '/api/logs?vehicleId=11', json<LogEntry[]>([]))
      .on(
        'POST',
        '/api/logs',
        json<LogEntry>(makeLog(5, 'Installation Note', new Date().toISOString(), 'x'), 201),
      );
    renderWithProviders(<InstallationLog vehicle={makeListedVehicle(11, '1001')} />);
    await screen.findByText('Nothing logged for this vehicle yet.');
    const note = screen.getByLabelText('Installation Note');
    fireEvent.change(note, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Please enter note content.')).toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/logs')).toEqual([]);

    fireEvent.change(note, { target: { value: '  Bracket fitted behind the driver  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(note).toHaveValue(''));
    expect(api.callsTo('POST', '/api/logs').map((c) => c.body)).toEqual([
      {
        vehicleId: 11,
        deviceId: null,
        action: 'Installation Note',
        details: 'Bracket fitted behind the driver',
      },
    ]);
    expect(screen.queryByText('Please enter note content.')).toBeNull();
    // The log is asked for again, to show the new entry.
    await waitFor(() => expect(api.callsTo('GET', '/api/logs?vehicleId=11')).toHaveLength(2));
  });
});
