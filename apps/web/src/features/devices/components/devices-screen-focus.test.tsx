import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssignDevicesResponse, CreateDeviceResponse, Device } from '@toolkit/contracts/devices.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubScrollIntoView } from '../../../test/dom.ts';
import { makeBus, makeDevice, SYSTEMS } from '../../../test/fixtures.ts';
import { installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DevicesScreen } from './devices-screen.tsx';

const api = installFetchMock();
let scrollIntoView: ReturnType<typeof stubScrollIntoView>;
beforeEach(() => {
  scrollIntoView = stubScrollIntoView();
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
  api
    .on('GET', '/api/devices/client/3', () => json(devices))
    .on('GET', '/api/vehicles/client/3', json([makeBus(21, '2001')]))
    .on('GET', '/api/device-systems/client/3', json(SYSTEMS))
    .on('POST', '/api/devices/assign', () => {
      const moved = { ...SPARE, vehicleId: 21, vehicleLabel: '2001' };
      devices = [...FLEET, moved];
      return json<AssignDevicesResponse>({
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
      });
    })
    .on('POST', '/api/devices', () => {
      const created = makeDevice('4661288888', 'GPS', {
        vehicleId: null,
        vehicleLabel: null,
        name: 'Spare unit',
      });
      devices = [...devices, created];
      return json<CreateDeviceResponse>(
        { message: 'Device created', device: created, navigatorAssigned: false },
        201,
      );
    });
}

const row = (deviceId: string): HTMLElement =>
  screen.getByRole('button', { name: new RegExp(`^${deviceId}`) });

describe('DevicesScreen keeps a changed device in view', { timeout: 40_000 }, () => {
  it('keeps an assigned device expanded and shown with its outcome, though it sorts past the first page', async () => {
    serve();
    renderWithProviders(<DevicesScreen />, { route: '/devices', clientId: 3 });
    await userEvent.click(await screen.findByRole('button', { name: /^4661299999/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign to Vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 4661299999' }, { timeout: 10_000 });
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
    renderWithProviders(<DevicesScreen />, { route: '/devices', clientId: 3 });
    await userEvent.click(await screen.findByRole('button', { name: /^GPS \(/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create GPS Device' }));
    // The dialog's code loads on first use (decision 027): on a loaded machine that can take a while.
    const dialog = await screen.findByRole('dialog', { name: 'Create GPS Device' }, { timeout: 10_000 });
    await userEvent.type(await within(dialog).findByLabelText(/Device name/), 'Spare unit');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Device system/), 'Generic AVL Tracker');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Device' }));

    expect(await screen.findByRole('button', { name: /^4661288888/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });
});
