import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssignDevicesResponse, DeviceDetail } from '@toolkit/contracts/devices.ts';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { stubScrollIntoView } from '../../../test/dom.ts';
import { makeBus, makeDevice } from '../../../test/fixtures.ts';
import { apiError, installFetchMock, json, type FetchCall } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { QuickAssign } from './quick-assign.tsx';

const api = installFetchMock();
const spare = makeDevice('GPS-9', 'GPS', { vehicleId: null, vehicleLabel: null });
const onOtherBus = makeDevice('TAB-3', 'Tablet', { vehicleId: 12, vehicleLabel: '1002' });
const known = new Map([spare, onOtherBus].map((d) => [d.deviceId, d]));

function serve() {
  const scrolled = stubScrollIntoView();
  api.on('GET', '/api/vehicles/client/3', json([makeBus(11, '1001'), makeBus(12, '1002')]));
  api.on('POST', '/api/devices/assign', (call: FetchCall) => {
    const { deviceIds } = call.body as { deviceIds: string[] };
    return json<AssignDevicesResponse>({
      devices: [],
      message: 'Assigned',
      assignmentResults: deviceIds.map((deviceId) => ({
        deviceId,
        navigatorAssigned: true,
        localAssigned: true,
        error: null,
        previousVehicleId: null,
      })),
    });
  });
  api.otherwise((call) => {
    const device = known.get(decodeURIComponent(call.url.replace('/api/devices/', '')));
    return device
      ? json<DeviceDetail>({ ...device, history: [] })
      : apiError(404, 'NOT_FOUND', 'Device not found');
  });
  return scrolled;
}

async function chooseVehicle(vehicleId: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Search a vehicle ID' }));
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^Vehicle ${vehicleId}`) }));
}

async function findDevice(deviceId: string) {
  const field = screen.getByRole('textbox', { name: 'Device ID' });
  await userEvent.clear(field);
  await userEvent.type(field, deviceId);
  await userEvent.click(screen.getByRole('button', { name: 'Find' }));
}

describe('QuickAssign', () => {
  it('finds a spare and assigns it, saying where it was seen', async () => {
    serve();
    renderWithProviders(<QuickAssign clientId={3} />, { toaster: true });
    await chooseVehicle('1001');
    await findDevice('GPS-9');
    expect(await screen.findByText('Unassigned')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Assign Device' }));
    expect(await screen.findByText('Device Assigned')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/devices/assign').map((c) => c.body)).toEqual([
      {
        deviceIds: ['GPS-9'],
        vehicleId: 11,
        clientId: 3,
        expected: [{ deviceId: 'GPS-9', vehicleId: null }],
      },
    ]);
    // Done: the device is forgotten, Assign waits for the next one.
    expect(screen.getByRole('button', { name: 'Assign Device' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Device ID' })).toHaveValue('');
  });

  it.each([
    { motion: 'by default', reduce: false, behavior: 'smooth' },
    { motion: 'under reduced motion', reduce: true, behavior: 'auto' },
  ])('brings the found device into view, $behavior $motion', async ({ reduce, behavior }) => {
    const scrolled = serve();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce, media: query }));
    onTestFinished(() => void vi.unstubAllGlobals());
    renderWithProviders(<QuickAssign clientId={3} />, { toaster: true });
    await chooseVehicle('1001');
    await findDevice('GPS-9');
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalledWith({ block: 'nearest', behavior }));
  });

  it('says an unknown id is not found, and forgets it once another is typed', async () => {
    serve();
    renderWithProviders(<QuickAssign clientId={3} />);
    await chooseVehicle('1001');
    await findDevice('NOPE-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Device not found');
    expect(screen.getByRole('button', { name: 'Assign Device' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Device ID' }), 'X');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('moves a device from another vehicle only after the question naming both', async () => {
    serve();
    renderWithProviders(<QuickAssign clientId={3} />);
    await chooseVehicle('1001');
    await findDevice('TAB-3');
    expect(await screen.findByText('On vehicle 1002')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Assign Device' }));
    const question = await screen.findByRole('alertdialog', { name: 'Reassign Device?' });
    expect(question).toHaveTextContent('TAB-3 is assigned to vehicle 1002. Move it to vehicle 1001?');
    expect(api.callsTo('POST', '/api/devices/assign')).toHaveLength(0);
    await userEvent.click(within(question).getByRole('button', { name: 'Reassign' }));
    await screen.findByText('Find a device first.');
    expect(api.callsTo('POST', '/api/devices/assign').map((c) => c.body)).toEqual([
      { deviceIds: ['TAB-3'], vehicleId: 11, clientId: 3, expected: [{ deviceId: 'TAB-3', vehicleId: 12 }] },
    ]);
  });
});
