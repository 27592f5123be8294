import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEVICE_MESSAGES,
  type AssignDevicesInput,
  type AssignDevicesResponse,
  type DeviceDetail,
} from '@toolkit/contracts/devices.ts';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import { makeDevice, makeListedVehicle } from '../../../test/fixtures.ts';
import { apiError, installFetchMock, json, type FetchCall } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AssignmentPanel } from './assignment-panel.tsx';

const loose = { vehicleId: null, vehicleLabel: null };
const gps = makeDevice('GPS-100', 'GPS', loose);
const tablet = makeDevice('TAB-200', 'Tablet', loose);
const elsewhere = makeDevice('GPS-900', 'GPS', { ...loose, clientId: 99 });
const onOtherBus = makeDevice('TAB-300', 'Tablet', { vehicleId: 12, vehicleLabel: '1002' });
const known = new Map([gps, tablet, elsewhere, onOtherBus].map((d) => [d.deviceId, d]));
const bus = makeListedVehicle(11, '1001');

const api = installFetchMock();

/** The server's device lookup: the known devices, 404 for any other id. */
function lookUp(call: FetchCall) {
  const device = known.get(decodeURIComponent(call.url.replace('/api/devices/', '')));
  return device
    ? json<DeviceDetail>({ ...device, history: [] })
    : apiError(404, 'NOT_FOUND', 'Device not found');
}

/** The server's assignment answer: every device sent goes on, unless it is in `refused`. */
const assigning =
  (refused: Record<string, string> = {}) =>
  (call: FetchCall) => {
    const { deviceIds } = call.body as AssignDevicesInput;
    return json<AssignDevicesResponse>({
      devices: [],
      message: 'Assigned',
      assignmentResults: deviceIds.map((deviceId) => ({
        deviceId,
        navigatorAssigned: refused[deviceId] === undefined,
        localAssigned: refused[deviceId] === undefined,
        error: refused[deviceId] ?? null,
        previousVehicleId: null,
      })),
    });
  };

function answerLookUps() {
  api.otherwise(lookUp);
}

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
    answerLookUps();
    renderWithProviders(<AssignmentPanel clientId={3} vehicle={bus} />);
    await typeId('GPS-100');
    expect(listed()).toEqual([expect.stringContaining('GPS-100')]);

    await typeId('gps-100');
    expect(screen.getByRole('alert')).toHaveTextContent('gps-100 is already in the assignment list');
    expect(getToasts()[0]).toMatchObject({ title: 'Device already added' });
    expect(listed()).toHaveLength(1);

    // Nor a device nor a shipment unit (issue 35: the lookup of units follows the devices').
    await typeId('NOPE-1');
    expect(screen.getByRole('alert')).toHaveTextContent('No unit or device matches "NOPE-1".');
    // Another agency's device is not found either.
    await typeId('GPS-900');
    expect(screen.getByRole('alert')).toHaveTextContent('No unit or device matches "GPS-900".');
    expect(listed()).toHaveLength(1);
  });

  it('assigns the whole list in one call, shows each result, then clears the list', async () => {
    answerLookUps();
    api.on('POST', '/api/devices/assign', assigning());
    renderWithProviders(<AssignmentPanel clientId={3} vehicle={bus} />);
    await typeId('GPS-100');
    await typeId('TAB-200');
    fireEvent.click(screen.getByRole('button', { name: 'Assign 2 to 1001' }));
    await screen.findByText('No devices in the list yet.');
    const assign = api.callsTo('POST', '/api/devices/assign');
    expect(assign).toHaveLength(1);
    expect(assign[0]?.body).toEqual({
      deviceIds: ['GPS-100', 'TAB-200'],
      vehicleId: 11,
      clientId: 3,
      // Where the installer saw each device: a move made meanwhile comes back as a conflict.
      expected: [
        { deviceId: 'GPS-100', vehicleId: null },
        { deviceId: 'TAB-200', vehicleId: null },
      ],
    });
    expect(getToasts()[0]).toMatchObject({
      title: 'Devices Assigned',
      description: '2 devices successfully assigned to the external system.',
    });
    const results = screen.getByRole('region', { name: 'Assignment results' });
    expect(results).toHaveTextContent('GPS-100: Assigned in the external system');
    expect(results).toHaveTextContent('TAB-200: Assigned in the external system');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/devices/assign']);
  });

  it('on a partial failure says why, keeps the refused device in the list and shows the results', async () => {
    answerLookUps();
    api.on('POST', '/api/devices/assign', assigning({ 'TAB-200': 'Device is offline' }));
    renderWithProviders(<AssignmentPanel clientId={3} vehicle={bus} />);
    await typeId('GPS-100');
    await typeId('TAB-200');
    fireEvent.click(screen.getByRole('button', { name: 'Assign 2 to 1001' }));
    const results = await screen.findByRole('region', { name: 'Assignment results' });
    expect(getToasts()[0]).toMatchObject({
      title: 'Assignment Failed',
      description: 'Device is offline',
      variant: 'destructive',
    });
    expect(results).toHaveTextContent('GPS-100: Assigned in the external system');
    expect(results).toHaveTextContent('TAB-200: Device is offline');
    expect(listed()).toEqual([expect.stringContaining('TAB-200')]);
    expect(screen.getByRole('button', { name: 'Assign 1 to 1001' })).toBeEnabled();
  });

  it('asks before moving a device that is on another bus, naming that bus, and sends on Reassign only', async () => {
    answerLookUps();
    api.on('POST', '/api/devices/assign', assigning());
    renderWithProviders(<AssignmentPanel clientId={3} vehicle={bus} />);
    await typeId('GPS-100');
    await typeId('TAB-300');
    fireEvent.click(screen.getByRole('button', { name: 'Assign 2 to 1001' }));
    const question = await screen.findByRole('alertdialog', { name: 'Reassign Device?' });
    expect(question).toHaveTextContent('TAB-300 is assigned to vehicle 1002. Move it to vehicle 1001?');
    expect(api.callsTo('POST', '/api/devices/assign')).toHaveLength(0);

    // Cancel sends nothing and keeps the list.
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('POST', '/api/devices/assign')).toHaveLength(0);
    expect(listed()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Assign 2 to 1001' }));
    const again = await screen.findByRole('alertdialog', { name: 'Reassign Device?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Reassign' }));
    await screen.findByText('No devices in the list yet.');
    expect(api.callsTo('POST', '/api/devices/assign')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('with an empty list refuses to assign and sends no assignment', () => {
    renderWithProviders(<AssignmentPanel clientId={3} vehicle={bus} />);
    fireEvent.click(screen.getByRole('button', { name: 'Assign 0 to 1001' }));
    expect(getToasts()[0]).toMatchObject({
      title: 'Assignment Failed',
      description: DEVICE_MESSAGES.nothingToAssign,
      variant: 'destructive',
    });
    // Reads (the device types, loaded with the panel) may go; no write does.
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('removes a device from the list', async () => {
    answerLookUps();
    renderWithProviders(<AssignmentPanel clientId={3} vehicle={bus} />);
    await typeId('GPS-100');
    await typeId('TAB-200');
    fireEvent.click(screen.getByRole('button', { name: 'Remove GPS-100' }));
    expect(listed()).toEqual([expect.stringContaining('TAB-200')]);
  });
});
