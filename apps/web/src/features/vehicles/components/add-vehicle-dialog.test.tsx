import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import { makeVehicle } from '../../../test/fixtures.ts';
import { apiError, installFetchMock, json, networkError } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AddVehicleDialog } from './add-vehicle-dialog.tsx';
import { validateNewVehicle } from './add-vehicle-form.tsx';

const api = installFetchMock();

const existing = [{ vehicleId: 'Bus-1001' }];

async function open() {
  renderWithProviders(<AddVehicleDialog clientId={3} existing={existing} />);
  fireEvent.click(screen.getByRole('button', { name: 'Add Vehicle' }));
  expect(await screen.findByRole('dialog', { name: 'Add New Vehicle' })).toBeInTheDocument();
}

function submit(vehicleId: string, description = '') {
  fireEvent.change(screen.getByLabelText('Vehicle ID'), { target: { value: vehicleId } });
  fireEvent.change(screen.getByLabelText('Description (optional)'), { target: { value: description } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('validateNewVehicle', () => {
  it('requires an id and rejects a duplicate whatever its case', () => {
    expect(validateNewVehicle('  ', existing)).toBe('Vehicle ID required');
    expect(validateNewVehicle(' bus-1001 ', existing)).toBe('Vehicle bus-1001 already exists');
    expect(validateNewVehicle('Bus-1002', existing)).toBeNull();
  });
});

describe('AddVehicleDialog', { timeout: 20_000 }, () => {
  it('shows "Vehicle ID required" for a blank id, with the hint toast', async () => {
    await open();
    submit('   ');
    expect(await screen.findByRole('alert')).toHaveTextContent('Vehicle ID required');
    expect(getToasts()[0]).toMatchObject({
      title: 'Vehicle ID required',
      description: 'Please enter a vehicle ID',
    });
    expect(api.calls).toEqual([]);
  });

  it('rejects a duplicate compared case-insensitively, before sending', async () => {
    await open();
    submit('BUS-1001');
    expect(await screen.findByRole('alert')).toHaveTextContent('Vehicle BUS-1001 already exists');
    expect(screen.getByLabelText('Vehicle ID')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it('confirms, then creates with route null and status active', async () => {
    api.on('POST', '/api/vehicles', json(makeVehicle({ id: 7, vehicleId: 'Bus-1002', isLocal: true }), 201));
    await open();
    submit(' Bus-1002 ', 'Spare coach');
    expect(await screen.findByRole('dialog', { name: 'Confirm Vehicle Creation' })).toHaveTextContent(
      'Bus-1002',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create Vehicle' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = api.calls;
    expect(call?.url).toBe('/api/vehicles');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({
      vehicleId: 'Bus-1002',
      description: 'Spare coach',
      clientId: 3,
      route: null,
      status: 'active',
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^vehicle-create:/);
    expect(getToasts()[0]?.title).toBe('Local vehicle created');
    expect(getToasts()[0]?.description).toContain('will not appear in the tracking system until');
  });

  it('without signal says the vehicle is saved on this device, in the words of every kept write', async () => {
    api.on('POST', '/api/vehicles', networkError());
    await open();
    submit('Bus-1003');
    fireEvent.click(await screen.findByRole('button', { name: 'Create Vehicle' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getToasts()[0]).toMatchObject({ title: 'Local vehicle created' });
    expect(getToasts()[0]?.variant).not.toBe('destructive');
    expect(getToasts()[0]?.description).toMatch(/^Saved on this device — will be sent when online\. /);
  });

  it('shows "Failed to create vehicle" with the server message', async () => {
    api.on('POST', '/api/vehicles', apiError(409, 'DUPLICATE_VEHICLE', 'Vehicle Bus-9 already exists'));
    await open();
    submit('Bus-9');
    fireEvent.click(await screen.findByRole('button', { name: 'Create Vehicle' }));
    await vi.waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Failed to create vehicle',
        description: 'Vehicle Bus-9 already exists',
        variant: 'destructive',
      }),
    );
  });
});
