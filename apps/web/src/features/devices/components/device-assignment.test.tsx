import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssignDevicesResponse, Device, UnassignDeviceResponse } from '@toolkit/contracts/devices.ts';
import { describe, expect, it, vi } from 'vitest';
import { makeBus, makeDevice } from '../../../test/fixtures.ts';
import { apiError, installFetchMock, json, type RouteAnswer } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DeviceAssignment } from './device-assignment.tsx';

const api = installFetchMock();
const VEHICLES = [makeBus(11, '1001'), makeBus(12, '1002'), makeBus(21, '2001')];

function serve(assign: RouteAnswer) {
  api
    .on('GET', '/api/vehicles/client/3', json(VEHICLES))
    .on('POST', '/api/devices/assign', assign)
    .on(
      'POST',
      '/api/devices/unassign',
      json<UnassignDeviceResponse>({
        message: 'Device unassigned locally; the external system will be updated when it can be reached',
        navigatorUnassigned: false,
        localUnassigned: true,
        error: null,
        device: makeDevice('RTR-1', 'Router', { vehicleId: null, vehicleLabel: null }),
      }),
    );
}

function renderWith(device: Device, onChanged?: (deviceId: string) => void) {
  return renderWithProviders(<DeviceAssignment device={device} onChanged={onChanged} />, { toaster: true });
}

/** Opens Assign on the spare unit GPS-9 and assigns it to vehicle 1001. */
async function assignSpareTo1001(onChanged?: (deviceId: string) => void) {
  renderWith(makeDevice('GPS-9', 'GPS', { vehicleId: null, vehicleLabel: null }), onChanged);
  await userEvent.click(screen.getByRole('button', { name: 'Assign to Vehicle' }));
  const dialog = await screen.findByRole('dialog', { name: 'Assign GPS-9' });
  await userEvent.click(await within(dialog).findByRole('button', { name: /Vehicle 1001/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to Vehicle 1001' }));
}

const ok = (deviceId: string, navigatorAssigned: boolean, previousVehicleId: number | null) =>
  json<AssignDevicesResponse>({
    devices: [],
    assignmentResults: [{ deviceId, navigatorAssigned, localAssigned: true, error: null, previousVehicleId }],
    message: navigatorAssigned
      ? '1 devices successfully assigned to the external system.'
      : '1 devices assigned locally...',
  });

describe('DeviceAssignment', () => {
  it('assigns an unassigned device to a vehicle found by fleet id', async () => {
    serve(ok('GPS-9', true, null));
    renderWith(makeDevice('GPS-9', 'GPS', { vehicleId: null, vehicleLabel: null }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign to Vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign GPS-9' });
    await userEvent.type(await within(dialog).findByLabelText('Vehicle ID'), '200');
    const matches = within(dialog).getAllByRole('button', { pressed: false });
    expect(matches.map((b) => b.textContent)).toEqual(['Vehicle 2001Bus 2001']);
    await userEvent.click(matches[0] ?? dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to Vehicle 2001' }));
    expect(
      await screen.findByText('1 device successfully assigned to the external system.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Device Assigned')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/devices/assign').map((c) => c.body)).toEqual([
      {
        deviceIds: ['GPS-9'],
        vehicleId: 21,
        clientId: 3,
        expected: [{ deviceId: 'GPS-9', vehicleId: null }],
      },
    ]);
    expect(screen.getByRole('status', { name: 'Last change' })).toHaveTextContent(
      'Assigned: reached the external system.',
    );
  });

  it('confirms a reassignment naming both vehicles, then shows it is local only', async () => {
    serve(ok('RTR-1', false, 11));
    renderWith(makeDevice('RTR-1', 'Router'));
    await userEvent.click(screen.getByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign RTR-1' });
    // The current vehicle is not offered.
    expect(within(dialog).queryByRole('button', { name: /Vehicle 1001/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Vehicle 1002/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reassign to Vehicle 1002' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reassign Device?' });
    expect(confirm).toHaveTextContent('RTR-1 is assigned to vehicle 1001. Move it to vehicle 1002?');
    expect(api.callsTo('POST', '/api/devices/assign')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByText('1 device assigned locally...')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Last change' })).toHaveTextContent(
      'Assigned: saved locally only',
    );
  });

  it('shows Assignment Failed with the per-device error', async () => {
    serve(
      json<AssignDevicesResponse>({
        devices: [],
        assignmentResults: [
          {
            deviceId: 'GPS-9',
            navigatorAssigned: false,
            localAssigned: false,
            error: 'Device not found',
            previousVehicleId: null,
          },
        ],
        message: 'Failed to assign devices to vehicle',
      }),
    );
    await assignSpareTo1001();
    expect(await screen.findByText('Assignment Failed')).toBeInTheDocument();
    expect(screen.getByText('Device not found')).toBeInTheDocument();
  });

  it('shows Assignment Failed with the server message on an error answer', async () => {
    serve(apiError(404, 'NOT_FOUND', 'Vehicle not found'));
    await assignSpareTo1001();
    expect(await screen.findByText('Assignment Failed')).toBeInTheDocument();
    expect(screen.getByText('Vehicle not found')).toBeInTheDocument();
  });

  it('unassigns after a confirmation and says it is local only', async () => {
    serve(ok('x', true, null));
    renderWith(makeDevice('RTR-1', 'Router'));
    await userEvent.click(screen.getByRole('button', { name: 'Unassign' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unassign Device?' });
    expect(confirm).toHaveTextContent('Remove RTR-1 from vehicle 1001?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Device Unassigned')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Last change' })).toHaveTextContent(
      'Unassigned: saved locally only',
    );
  });

  it('says Invalid response from server when the answer has no result for the device', async () => {
    serve(json({ devices: [], assignmentResults: [], message: '0 devices assigned locally...' }));
    const onChanged = vi.fn();
    await assignSpareTo1001(onChanged);
    expect(await screen.findByText('Assignment Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid response from server')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('sends one unassignment for a double tap, then tells the list', async () => {
    serve(ok('x', true, null));
    const onChanged = vi.fn();
    renderWith(makeDevice('RTR-1', 'Router'), onChanged);
    await userEvent.click(screen.getByRole('button', { name: 'Unassign' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unassign Device?' });
    const button = within(confirm).getByRole('button', { name: 'Unassign' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Device Unassigned')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/devices/unassign')).toHaveLength(1);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('RTR-1'));
  });
});
