import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { makeDevice, makeVehicle, requestBody, requestUrl } from '../test-devices.ts';
import { DeviceAssignment } from './device-assignment.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const VEHICLES = [makeVehicle(11, '1001'), makeVehicle(12, '1002'), makeVehicle(21, '2001')];

function serve(assign: (body: { deviceIds: string[]; vehicleId: number }) => Response) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url === '/api/vehicles/client/3') return Promise.resolve(jsonResponse(VEHICLES));
    if (url === '/api/devices/assign')
      return Promise.resolve(
        assign(JSON.parse(requestBody(init)) as { deviceIds: string[]; vehicleId: number }),
      );
    if (url === '/api/devices/unassign')
      return Promise.resolve(
        jsonResponse({
          message: 'Device unassigned locally; the external system will be updated when it can be reached',
          navigatorUnassigned: false,
          localUnassigned: true,
          error: null,
          device: makeDevice('RTR-1', 'Router', { vehicleId: null, vehicleLabel: null }),
        }),
      );
    return Promise.resolve(new Response('no', { status: 404 }));
  });
}

function renderWith(device: ReturnType<typeof makeDevice>, onChanged?: (deviceId: string) => void) {
  return renderWithProviders(
    <>
      <DeviceAssignment device={device} onChanged={onChanged} />
      <Toaster />
    </>,
  );
}

const ok = (deviceId: string, navigatorAssigned: boolean, previousVehicleId: number | null) =>
  jsonResponse({
    devices: [],
    assignmentResults: [{ deviceId, navigatorAssigned, localAssigned: true, error: null, previousVehicleId }],
    message: navigatorAssigned
      ? '1 devices successfully assigned to the external system.'
      : '1 devices assigned locally...',
  });

describe('DeviceAssignment', () => {
  it('assigns an unassigned device to a vehicle found by fleet id', async () => {
    const bodies: unknown[] = [];
    serve((body) => {
      bodies.push(body);
      return ok('GPS-9', true, null);
    });
    renderWith(makeDevice('GPS-9', 'GPS', { vehicleId: null, vehicleLabel: null }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign to Vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign GPS-9' });
    await userEvent.type(within(dialog).getByLabelText('Vehicle ID'), '200');
    const matches = within(dialog).getAllByRole('button', { pressed: false });
    expect(matches.map((b) => b.textContent)).toEqual(['Vehicle 2001Bus 2001']);
    await userEvent.click(matches[0] ?? dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to Vehicle 2001' }));
    expect(
      await screen.findByText('1 device successfully assigned to the external system.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Device Assigned')).toBeInTheDocument();
    expect(bodies).toEqual([{ deviceIds: ['GPS-9'], vehicleId: 21, clientId: 3 }]);
    expect(screen.getByRole('status', { name: 'Last change' })).toHaveTextContent(
      'Assigned: reached the external system.',
    );
  });

  it('confirms a reassignment naming both vehicles, then shows it is local only', async () => {
    serve(() => ok('RTR-1', false, 11));
    renderWith(makeDevice('RTR-1', 'Router'));
    await userEvent.click(screen.getByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign RTR-1' });
    // The current vehicle is not offered.
    expect(within(dialog).queryByRole('button', { name: /Vehicle 1001/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Vehicle 1002/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reassign to Vehicle 1002' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reassign Device?' });
    expect(confirm).toHaveTextContent('RTR-1 is assigned to vehicle 1001. Move it to vehicle 1002?');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/devices/assign')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByText('1 device assigned locally...')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Last change' })).toHaveTextContent(
      'Assigned: saved locally only',
    );
  });

  it('shows Assignment Failed with the per-device error', async () => {
    serve(() =>
      jsonResponse({
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
    renderWith(makeDevice('GPS-9', 'GPS', { vehicleId: null, vehicleLabel: null }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign to Vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign GPS-9' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Vehicle 1001/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to Vehicle 1001' }));
    expect(await screen.findByText('Assignment Failed')).toBeInTheDocument();
    expect(screen.getByText('Device not found')).toBeInTheDocument();
  });

  it('shows Assignment Failed with the server message on an error answer', async () => {
    serve(() => new Response('{"code":"NOT_FOUND","message":"Vehicle not found"}', { status: 404 }));
    renderWith(makeDevice('GPS-9', 'GPS', { vehicleId: null, vehicleLabel: null }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign to Vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign GPS-9' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Vehicle 1001/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to Vehicle 1001' }));
    expect(await screen.findByText('Assignment Failed')).toBeInTheDocument();
    expect(screen.getByText('Vehicle not found')).toBeInTheDocument();
  });

  it('unassigns after a confirmation and says it is local only', async () => {
    serve(() => ok('x', true, null));
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
    serve(() =>
      jsonResponse({ devices: [], assignmentResults: [], message: '0 devices assigned locally...' }),
    );
    const onChanged = vi.fn();
    renderWith(makeDevice('GPS-9', 'GPS', { vehicleId: null, vehicleLabel: null }), onChanged);
    await userEvent.click(screen.getByRole('button', { name: 'Assign to Vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign GPS-9' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Vehicle 1001/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to Vehicle 1001' }));
    expect(await screen.findByText('Assignment Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid response from server')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('sends one unassignment for a double tap, then tells the list', async () => {
    serve(() => ok('x', true, null));
    const onChanged = vi.fn();
    renderWith(makeDevice('RTR-1', 'Router'), onChanged);
    await userEvent.click(screen.getByRole('button', { name: 'Unassign' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unassign Device?' });
    const button = within(confirm).getByRole('button', { name: 'Unassign' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Device Unassigned')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/devices/unassign')).toHaveLength(1);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('RTR-1'));
  });
});
