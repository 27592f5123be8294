import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateDeviceInput, CreateDeviceResponse, DeviceDetail } from '@toolkit/contracts/devices.ts';
import type { ShipmentUnit, ShipmentUnitIndex, UnitLookup } from '@toolkit/contracts/shipments.ts';
import { describe, expect, it, vi } from 'vitest';
import { flush } from '../../../lib/outbox/outbox.ts';
import { getToasts } from '../../../lib/toast-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import {
  makeDevice,
  makeListedVehicle,
  makeUnit as makeSharedUnit,
  SYSTEMS,
} from '../../../test/fixtures.ts';
import { apiError, installFetchMock, json, networkError, type FetchCall } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AssignmentPanel } from './assignment-panel.tsx';

const api = installFetchMock();
const bus = makeListedVehicle(11, '1005');
const IMEI = '356307042441013';
const LABEL = `S/N: SN-1001 IMEI ${IMEI}`;

const makeUnit = (overrides: Partial<ShipmentUnit> = {}): ShipmentUnit =>
  makeSharedUnit({ iccid: '8901260882290000007', updatedAt: '2026-11-27T08:00:00.000Z', ...overrides });

/** The server: no device has the label's text as its id; the lookup knows the unit by `code`. */
function serve(known: Record<string, UnitLookup>, devices: Record<string, DeviceDetail> = {}) {
  api.otherwise((call: FetchCall) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/shipment-units/lookup') {
      const found = known[url.searchParams.get('code') ?? ''];
      return found
        ? json(found)
        : apiError(
            404,
            'UNIT_NOT_FOUND',
            `No unit or device matches "${url.searchParams.get('code') ?? ''}".`,
          );
    }
    if (url.pathname === '/api/shipment-units/index') return json<ShipmentUnitIndex>({ items: [], asOf: '' });
    if (url.pathname === '/api/device-systems/client/3') return json(SYSTEMS);
    const device = devices[decodeURIComponent(url.pathname.replace('/api/devices/', ''))];
    return device ? json(device) : apiError(404, 'NOT_FOUND', 'Device not found');
  });
}

async function scan(text: string) {
  fireEvent.change(screen.getByLabelText('Device ID'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled());
}

const renderPanel = (queryClient = createQueryClient()) =>
  renderWithProviders(<AssignmentPanel clientId={3} vehicle={bus} />, { queryClient, clientId: 3 });

describe('the unit scan in the assignment list', { timeout: 20_000 }, () => {
  it('offers a shipment unit that is not a device yet, and creates it on this bus with its IMEI', async () => {
    serve({ [IMEI]: { unit: makeUnit() } });
    api.on(
      'POST',
      '/api/devices',
      json<CreateDeviceResponse>({
        message: 'Device created and assigned to vehicle 1005 in the external system',
        device: makeDevice('GPS-77', 'GPS', { serialNumber: IMEI }),
        navigatorAssigned: true,
      }),
    );
    renderPanel();
    await scan(LABEL);
    const offer = await screen.findByRole('button', {
      name: `Create GPS from shipment SN-1001 (IMEI ${IMEI})`,
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(offer);
    const dialog = await screen.findByRole('dialog', { name: 'Create GPS Device' });
    expect(await within(dialog).findByLabelText(/Serial number/)).toHaveValue(IMEI);
    await userEvent.type(within(dialog).getByLabelText(/Device name/), 'Front GPS');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Device system/), 'Generic AVL Tracker');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Device' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/devices')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/devices')[0]?.body).toMatchObject({
      type: 'GPS',
      serialNumber: IMEI,
      vehicleId: 11,
      clientId: 3,
    } satisfies Partial<CreateDeviceInput>);
    await waitFor(() => expect(screen.queryByRole('button', { name: /from shipment/ })).toBeNull());
    expect(getToasts()[0]).toMatchObject({
      title: 'Device Created',
      description:
        'Device created and assigned to vehicle 1005 in the external system. The external system accepted the assignment.',
    });
  });

  it('names the unit by its serial when it has no IMEI, with its own device type', async () => {
    serve({ 'TAB-77': { unit: makeUnit({ serial: 'TAB-77', deviceType: 'Tablet', imei: null }) } });
    renderPanel();
    await scan('SN:TAB-77');
    expect(
      await screen.findByRole('button', { name: 'Create Tablet from shipment TAB-77' }),
    ).toBeInTheDocument();
  });

  it('says a unit already installed is on its bus, and a faulty one to use another', async () => {
    serve({
      [IMEI]: {
        unit: makeUnit({
          status: 'installed',
          deviceId: 'GPS-9',
          bus: { vehicleId: 13, fleetNumber: '1003' },
        }),
        installedOn: { vehicleId: 13, fleetNumber: '1003' },
      },
      'SN-2002': { unit: makeUnit({ id: 41, serial: 'SN-2002', imei: null, status: 'faulty' }) },
    });
    renderPanel();
    await scan(IMEI);
    expect(screen.getByRole('alert')).toHaveTextContent('SN-1001 is already installed on bus 1003');
    expect(screen.queryByRole('button', { name: /from shipment/ })).toBeNull();

    await scan('S/N SN-2002');
    expect(screen.getByRole('alert')).toHaveTextContent('SN-2002 is marked faulty; use another unit');
    expect(screen.queryByRole('button', { name: /from shipment/ })).toBeNull();
    expect(screen.getByText('No devices in the list yet.')).toBeInTheDocument();
  });

  it('says when nothing matches, and offers Create Device for the code typed', async () => {
    serve({});
    renderPanel();
    await scan('XYZ');
    expect(screen.getByRole('alert')).toHaveTextContent('No unit or device matches "XYZ".');
    expect(
      screen.getByText('XYZ is not in this agency yet: Create Device adds it to 1005.'),
    ).toBeInTheDocument();
  });

  it('adds the device a label names through the lookup, as a typed device id does', async () => {
    const spare = makeDevice('GPS-300', 'GPS', { vehicleId: null, vehicleLabel: null, imei: IMEI });
    serve({ [IMEI]: { unit: null, device: spare } });
    renderPanel();
    await scan(`IMEI ${IMEI}`);
    const listed = within(screen.getByRole('list', { name: 'Devices to assign' })).getAllByRole('listitem');
    expect(listed.map((li) => li.textContent)).toEqual([expect.stringContaining('GPS-300')]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('without signal finds the unit in the saved index, and a create made then waits to sync', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['/api/device-systems/client', 3], SYSTEMS);
    serve({});
    api.on(
      'GET',
      '/api/shipment-units/index?clientId=3',
      json<ShipmentUnitIndex>({
        items: [
          {
            id: 40,
            serial: 'SN-1001',
            imei: IMEI,
            iccid: null,
            deviceType: 'GPS',
            status: 'in_stock',
            deviceId: null,
            bus: null,
          },
        ],
        asOf: '2026-11-27T08:00:00.000Z',
      }),
    );
    renderPanel(queryClient);
    await waitFor(() => expect(api.callsTo('GET', '/api/shipment-units/index?clientId=3')).toHaveLength(1));
    await waitFor(() =>
      expect(queryClient.getQueryState(['/api/shipment-units', 'index', 3])?.status).toBe('success'),
    );

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    api.on('POST', '/api/devices', networkError());
    await scan(LABEL);
    expect(api.calls.filter((c) => c.url.includes('lookup') || c.url.startsWith('/api/devices/'))).toEqual(
      [],
    );
    await userEvent.click(
      await screen.findByRole('button', { name: `Create GPS from shipment SN-1001 (IMEI ${IMEI})` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create GPS Device' });
    await userEvent.type(within(dialog).getByLabelText(/Device name/), 'Front GPS');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Device system/), 'Generic AVL Tracker');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Device' }));

    const waiting = await screen.findByRole('list', { name: 'New devices waiting to be sent' });
    expect(waiting).toHaveTextContent(`New GPS ${IMEI} for this vehicle`);
    expect(waiting).toHaveTextContent('Waiting to sync');
    expect(screen.queryByRole('button', { name: /from shipment/ })).toBeNull();

    // The signal is back: the create goes, and nothing waits any more.
    vi.restoreAllMocks();
    api.on(
      'POST',
      '/api/devices',
      json<CreateDeviceResponse>({
        message: 'Device created',
        device: makeDevice('GPS-77', 'GPS', { serialNumber: IMEI }),
        navigatorAssigned: true,
      }),
    );
    await act(async () => {
      await flush();
    });
    expect(screen.queryByRole('list', { name: 'New devices waiting to be sent' })).toBeNull();
  });
});
