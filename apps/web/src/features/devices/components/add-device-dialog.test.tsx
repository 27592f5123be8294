import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssignDevicesResponse } from '@toolkit/contracts/devices.ts';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { makeDevice } from '../../../test/fixtures.ts';
import { installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AddDeviceDialog } from './add-device-dialog.tsx';

const api = installFetchMock();
const spare = makeDevice('GPS-9', 'GPS', { vehicleId: null, vehicleLabel: null });
const fitted = makeDevice('TAB-3', 'Tablet', { vehicleId: 12, vehicleLabel: '1002' });

describe('AddDeviceDialog', () => {
  it('offers the spares and assigns the one picked, as seen (a spare)', async () => {
    api.on('GET', '/api/devices/client/3', json([spare, fitted]));
    api.on(
      'POST',
      '/api/devices/assign',
      json<AssignDevicesResponse>({
        devices: [],
        message: 'Assigned',
        assignmentResults: [
          {
            deviceId: 'GPS-9',
            navigatorAssigned: true,
            localAssigned: true,
            error: null,
            previousVehicleId: null,
          },
        ],
      }),
    );
    const onDone = vi.fn();
    renderWithProviders(
      <Dialog open>
        <AddDeviceDialog vehicle={{ id: 11, vehicleId: '1001' }} clientId={3} onDone={onDone} />
      </Dialog>,
    );
    expect(await screen.findByRole('button', { name: 'Assign GPS-9' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign TAB-3' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Assign GPS-9' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(api.callsTo('POST', '/api/devices/assign').map((c) => c.body)).toEqual([
      {
        deviceIds: ['GPS-9'],
        vehicleId: 11,
        clientId: 3,
        expected: [{ deviceId: 'GPS-9', vehicleId: null }],
      },
    ]);
  });
});
