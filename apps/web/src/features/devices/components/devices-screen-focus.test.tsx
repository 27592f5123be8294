import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Device } from '@toolkit/contracts/devices.ts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSelectedClientId } from '../../../lib/storage.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { makeDevice, makeVehicle, requestUrl, SYSTEMS } from '../test-devices.ts';
import { DevicesScreen } from './devices-screen.tsx';

const fetchMock = vi.fn<typeof fetch>();
const scrollIntoView = vi.fn();
beforeAll(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setSelectedClientId(3);
});
afterEach(() => {
  fetchMock.mockReset();
  scrollIntoView.mockReset();
  vi.unstubAllGlobals();
  clearSession();
});

// 60 assigned GPS units on vehicles 1001..1060, and one spare: the first page shows 50.
const FLEET = Array.from({ length: 60 }, (_, i) =>
  makeDevice(`46612${String(i).padStart(5, '0')}`, 'GPS', {
    vehicleId: 100 + i,
    vehicleLabel: String(1001 + i),
  }),
);
const SPARE = makeDevice('4661299999', 'GPS', { vehicleId: null, vehicleLabel: null });

/** Serves the list, and moves the spare to vehicle 2001 (last in the sort order) once assigned. */
function serve() {
  let devices: Device[] = [...FLEET, SPARE];
  fetchMock.mockImplementation((input) => {
    const url = requestUrl(input);
    if (url === '/api/devices/client/3') return Promise.resolve(jsonResponse(devices));
    if (url === '/api/vehicles/client/3') return Promise.resolve(jsonResponse([makeVehicle(21, '2001')]));
    if (url === '/api/device-systems/client/3') return Promise.resolve(jsonResponse(SYSTEMS));
    if (url === '/api/devices/assign') {
      const moved = { ...SPARE, vehicleId: 21, vehicleLabel: '2001' };
      devices = [...FLEET, moved];
      return Promise.resolve(
        jsonResponse({
          devices: [moved],
          assignmentResults: [
            {
              deviceId: SPARE.deviceId,
              navigatorAssigned: true,
              localAssigned: true,
              error: null,
              previousVehicleId: null,
            },
          ],
          message: '1 devices successfully assigned to the external system.',
        }),
      );
    }
    if (url === '/api/devices') {
      const created = makeDevice('4661288888', 'GPS', {
        vehicleId: null,
        vehicleLabel: null,
        name: 'Spare unit',
      });
      devices = [...devices, created];
      return Promise.resolve(
        jsonResponse({ message: 'Device created', device: created, navigatorAssigned: false }, 201),
      );
    }
    return Promise.resolve(new Response('not found', { status: 404 }));
  });
}

const row = (deviceId: string): HTMLElement =>
  screen.getByRole('button', { name: new RegExp(`^${deviceId}`) });

describe('DevicesScreen keeps a changed device in view', () => {
  it('keeps an assigned device expanded and shown with its outcome, though it sorts past the first page', async () => {
    serve();
    renderWithProviders(<DevicesScreen />, { route: '/devices' });
    await userEvent.click(await screen.findByRole('button', { name: /^4661299999/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign to Vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 4661299999' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Vehicle 2001/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to Vehicle 2001' }));

    expect(await screen.findByRole('status', { name: 'Last change' })).toHaveTextContent(
      'Assigned: reached the external system.',
    );
    expect(row('4661299999')).toHaveTextContent('Vehicle 2001');
    expect(row('4661299999')).toHaveAttribute('aria-expanded', 'true');
    // A page holding the device is rendered, not every row before it.
    expect(screen.getByText('Showing 12–61 of 61 devices')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Devices' }).children).toHaveLength(50);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show 11 earlier' }));
    expect(screen.getByText('Showing 61 of 61 devices')).toBeInTheDocument();
    expect(row('4661299999')).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a device just created, expanded', async () => {
    serve();
    renderWithProviders(<DevicesScreen />, { route: '/devices' });
    await userEvent.click(await screen.findByRole('button', { name: /^GPS \(/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create GPS Device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create GPS Device' });
    await userEvent.type(within(dialog).getByLabelText(/Device name/), 'Spare unit');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Device system/), 'Generic AVL Tracker');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Device' }));

    expect(await screen.findByRole('button', { name: /^4661288888/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });
});
