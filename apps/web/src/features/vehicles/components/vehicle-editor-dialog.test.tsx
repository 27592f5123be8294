import { act, fireEvent, screen } from '@testing-library/react';
import type { UpdateVehicleResponse } from '@toolkit/contracts/vehicles.ts';
import type { VinDecodeResult } from '@toolkit/contracts/vin.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { getToasts } from '../../../lib/toast-store.ts';
import { makeVehicle } from '../../../test/fixtures.ts';
import { apiError, installFetchMock, json, networkError } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { mergeVehicles } from '../utils/vehicle-list.ts';
import { VehicleEditorDialog } from './vehicle-editor-dialog.tsx';

const api = installFetchMock();
afterEach(() => {
  vi.useRealTimers();
});

const VIN = '15GGD2716D1182194';
const DECODE = `/api/vin/${VIN}`;
const decoded: VinDecodeResult = {
  vin: VIN,
  make: 'GILLIG',
  model: null,
  year: 2013,
  vehicleType: 'BUS',
  bodyClass: null,
  fuelType: null,
  isValid: false,
  errorMessage: 'Incomplete vehicle information from VIN',
  checkDigitValid: true,
  source: 'offline',
};

function renderEditor(overrides: Parameters<typeof makeVehicle>[0] = { id: 5, vehicleId: '1005' }) {
  const [vehicle] = mergeVehicles([makeVehicle(overrides)], []);
  if (!vehicle) throw new Error('no vehicle');
  const onDone = vi.fn();
  renderWithProviders(
    <Dialog open>
      <VehicleEditorDialog vehicle={vehicle} clientId={3} onDone={onDone} />
    </Dialog>,
  );
  return { onDone };
}

const vinInput = () => screen.getByLabelText('VIN');
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('VehicleEditorDialog', { timeout: 20_000 }, () => {
  it('upper-cases the VIN as typed and validates it in real time', () => {
    renderEditor();
    type('VIN', '15ggd 2716');
    expect(vinInput()).toHaveValue('15GGD2716');
    expect(screen.getByText('VIN must be exactly 17 characters')).toBeInTheDocument();
    type('VIN', '15GGD2716D118219O');
    expect(screen.getByText('Invalid VIN (17 chars, no I/O/Q)')).toBeInTheDocument();
    type('VIN', VIN);
    expect(screen.getByText('Valid VIN format')).toBeInTheDocument();
    type('VIN', '15GGD2715D1182194');
    expect(screen.getByText('Valid VIN format')).toBeInTheDocument();
    expect(screen.getByText('Check digit does not match: a character may be mistyped')).toBeInTheDocument();
  });

  it('shows the year and odometer messages and does not save', async () => {
    renderEditor();
    const yearMessage = 'Year must be between 1900 and next year';
    const odometerMessage = 'Odometer must be between 0 and 9,999,999 miles';
    type('Year', '1899');
    fireEvent.blur(screen.getByLabelText('Year'));
    expect(await screen.findByText(yearMessage)).toBeInTheDocument();
    type('Year', String(new Date().getFullYear() + 3));
    expect(await screen.findByText(yearMessage)).toBeInTheDocument();
    type('Year', String(new Date().getFullYear() + 2));
    await vi.waitFor(() => expect(screen.queryByText(yearMessage)).not.toBeInTheDocument());
    type('Odometer (miles)', '10000000');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(odometerMessage)).toBeInTheDocument();
    type('Odometer (miles)', '-1');
    expect(await screen.findByText(odometerMessage)).toBeInTheDocument();
    type('VIN', '123');
    expect(await screen.findByText('Please enter a valid 17-character VIN.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('saves blanks as null and says where the update went', async () => {
    api.on(
      'PATCH',
      '/api/vehicles/5',
      json<UpdateVehicleResponse>({
        ...makeVehicle({ id: 5, vehicleId: '1005', year: 2015 }),
        syncedToNavigator: true,
      }),
    );
    const { onDone } = renderEditor({ id: 5, vehicleId: '1005', make: 'Old', model: 'X', odometer: 10 });
    type('Make', '  ');
    type('Model', '');
    type('Year', '2015');
    type('Odometer (miles)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const [call] = api.calls;
    expect(call?.url).toBe('/api/vehicles/5');
    expect(call?.method).toBe('PATCH');
    expect(call?.body).toEqual({
      vin: null,
      make: null,
      model: null,
      year: 2015,
      odometer: null,
    });
    expect(getToasts()[0]).toMatchObject({
      title: 'Vehicle Updated',
      description: '1005 was saved and synced to the external system.',
    });
  });

  it('shows the update failure message', async () => {
    api.on('PATCH', '/api/vehicles/5', apiError(400, 'BAD_REQUEST', 'nope'));
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Update Failed',
        description: 'Failed to update vehicle information. Please try again.',
      }),
    );
  });

  it('auto-decodes 1 s after 17 valid characters when make, model and year are empty', async () => {
    vi.useFakeTimers();
    api.on('GET', DECODE, json(decoded));
    renderEditor();
    type('VIN', VIN);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(api.calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.url).toBe(DECODE);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByLabelText('Make')).toHaveValue('GILLIG');
    expect(screen.getByLabelText('Year')).toHaveValue('2013');
    expect(
      screen.getByText(/^Incomplete vehicle information from VIN: the model was not found/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Decoded offline/)).toBeInTheDocument();
  });

  it('does not auto-decode when make, model or year has a value, or while typing', async () => {
    vi.useFakeTimers();
    renderEditor({ id: 5, vehicleId: '1005', make: 'Gillig' });
    type('VIN', VIN);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.calls).toEqual([]);
    type('Make', '');
    type('VIN', VIN.slice(0, 16));
    await act(() => vi.advanceTimersByTimeAsync(600));
    type('VIN', VIN);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(api.calls).toEqual([]);
  });

  it('reports a decode that finds nothing, and a failed decode', async () => {
    renderEditor();
    api.on(
      'GET',
      DECODE,
      json({
        ...decoded,
        make: null,
        year: null,
        errorMessage: 'No vehicle data found for this VIN',
      }),
    );
    type('Make', 'x');
    type('VIN', VIN);
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    expect(await screen.findByText('No vehicle data found for this VIN')).toBeInTheDocument();
    expect(getToasts()[0]?.title).toBe('VIN Decode Failed');
    api.on('GET', DECODE, networkError());
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    expect(await screen.findByText('Failed to decode VIN')).toBeInTheDocument();
    expect(getToasts()[0]?.title).toBe('Decode Error');
    type('VIN', 'ABC');
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    expect(await screen.findByText('VIN must be exactly 17 characters long')).toBeInTheDocument();
  });
});
