import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { makeDevice, makeVehicle } from '../test/fixtures.ts';
import { AssignmentPanel } from './assignment-panel.tsx';

const gps = makeDevice('GPS-100', 'GPS');
const tablet = makeDevice('TAB-200', 'Tablet');
const elsewhere = makeDevice('GPS-900', 'GPS', { clientId: 99 });
const known = new Map([gps, tablet, elsewhere].map((d) => [d.deviceId, d]));

const fetchMock = vi.fn<typeof fetch>();
const pathOf = (input: Parameters<typeof fetch>[0]) =>
  typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
const bodyOf = (init: RequestInit | undefined) => (typeof init?.body === 'string' ? init.body : '');
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${pathOf(url)}`);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((url, init) => {
    const path = pathOf(url);
    if (path === '/api/devices/assign' && init?.method === 'POST') {
      const body = JSON.parse(bodyOf(init)) as { deviceIds: string[] };
      return Promise.resolve(
        jsonResponse({
          devices: [],
          message: 'Assigned',
          assignmentResults: body.deviceIds.map((deviceId) => ({
            deviceId,
            navigatorAssigned: true,
            localAssigned: true,
            error: null,
            previousVehicleId: null,
          })),
        }),
      );
    }
    const device = known.get(decodeURIComponent(path.replace('/api/devices/', '')));
    return Promise.resolve(
      device
        ? jsonResponse({ ...device, history: [] })
        : jsonResponse({ code: 'NOT_FOUND', message: 'Device not found' }, 404),
    );
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

async function typeId(id: string) {
  fireEvent.change(screen.getByLabelText('Device ID'), { target: { value: id } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled());
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Devices to assign' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('AssignmentPanel', { timeout: 20_000 }, () => {
  it('looks a typed id up, refuses a repeat and an unknown or foreign id with the spec texts', async () => {
    renderWithProviders(<AssignmentPanel clientId={3} vehicle={makeVehicle(11, '1001')} />);
    await typeId('GPS-100');
    expect(listed()).toEqual([expect.stringContaining('GPS-100')]);

    await typeId('gps-100');
    expect(screen.getByRole('alert')).toHaveTextContent('gps-100 is already in the assignment list');
    expect(getToasts()[0]).toMatchObject({ title: 'Device already added' });
    expect(listed()).toHaveLength(1);

    await typeId('NOPE-1');
    expect(screen.getByRole('alert')).toHaveTextContent('Device not found');
    // Another agency's device is not found either.
    await typeId('GPS-900');
    expect(screen.getByRole('alert')).toHaveTextContent('Device not found');
    expect(listed()).toHaveLength(1);
  });

  it('assigns the whole list in one call, shows each result, then clears the list', async () => {
    renderWithProviders(<AssignmentPanel clientId={3} vehicle={makeVehicle(11, '1001')} />);
    await typeId('GPS-100');
    await typeId('TAB-200');
    fireEvent.click(screen.getByRole('button', { name: 'Assign 2 to 1001' }));
    await screen.findByText('No devices in the list yet.');
    const assign = fetchMock.mock.calls.find(([url]) => url === '/api/devices/assign');
    expect(JSON.parse(bodyOf(assign?.[1]))).toEqual({
      deviceIds: ['GPS-100', 'TAB-200'],
      vehicleId: 11,
      clientId: 3,
    });
    expect(getToasts()[0]).toMatchObject({
      title: 'Devices Assigned',
      description: '2 devices successfully assigned to the external system.',
    });
    const results = screen.getByRole('region', { name: 'Assignment results' });
    expect(results).toHaveTextContent('GPS-100: Assigned in the external system');
    expect(results).toHaveTextContent('TAB-200: Assigned in the external system');
    expect(calls().filter((c) => c.startsWith('POST'))).toEqual(['POST /api/devices/assign']);
  });

  it('removes a device from the list', async () => {
    renderWithProviders(<AssignmentPanel clientId={3} vehicle={makeVehicle(11, '1001')} />);
    await typeId('GPS-100');
    await typeId('TAB-200');
    fireEvent.click(screen.getByRole('button', { name: 'Remove GPS-100' }));
    expect(listed()).toEqual([expect.stringContaining('TAB-200')]);
  });
});
