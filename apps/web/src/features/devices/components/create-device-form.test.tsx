import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceType } from '@toolkit/contracts/devices.ts';
import { describe, expect, it, vi } from 'vitest';
import { SYSTEMS } from '../../../test/fixtures.ts';
import { CreateDeviceForm } from './create-device-form.tsx';

function setup(type: DeviceType, systems = SYSTEMS) {
  const onSubmit = vi.fn();
  const utils = render(
    <CreateDeviceForm type={type} systems={systems} clientId={3} pending={false} onSubmit={onSubmit} />,
  );
  return { onSubmit, ...utils };
}

const systemOptions = () =>
  screen
    .getAllByRole('option')
    .map((o) => o.textContent)
    .filter((t) => t !== 'Choose a system');

describe('CreateDeviceForm', () => {
  it('requires the name and the system', async () => {
    const { onSubmit } = setup('Tablet');
    await userEvent.click(screen.getByRole('button', { name: 'Create Device' }));
    expect(await screen.findByText('Device name is required')).toBeInTheDocument();
    expect(screen.getByText('Device system is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers only the systems of the type', () => {
    setup('Router');
    expect(systemOptions()).toEqual(['Cradlepoint IBR900']);
  });

  it('requires a serial number for Router, not for Tablet', async () => {
    const router = setup('Router');
    await userEvent.type(screen.getByLabelText(/Device name/), 'Router 1001');
    await userEvent.selectOptions(screen.getByLabelText(/Device system/), 'Cradlepoint IBR900');
    await userEvent.click(screen.getByRole('button', { name: 'Create Device' }));
    expect(await screen.findByText('Required fields missing for selected device type')).toBeInTheDocument();
    expect(screen.getByLabelText(/Serial number/)).toHaveAttribute('aria-invalid', 'true');
    expect(router.onSubmit).not.toHaveBeenCalled();
    router.unmount();

    const tablet = setup('Tablet');
    await userEvent.type(screen.getByLabelText(/Device name/), 'Tablet 1001');
    await userEvent.selectOptions(screen.getByLabelText(/Device system/), 'Zebra ET40 MDT');
    await userEvent.click(screen.getByRole('button', { name: 'Create Device' }));
    await waitFor(() => expect(tablet.onSubmit).toHaveBeenCalledOnce());
    expect(tablet.onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: 'Tablet 1001',
      type: 'Tablet',
      deviceSystem: 'Zebra ET40 MDT',
      serialNumber: null,
      clientId: 3,
      vehicleId: null,
    });
  });

  it('shows ESN and phone only for a CalAmp system, and sends them only then', async () => {
    const { onSubmit } = setup('GPS');
    expect(systemOptions()).toEqual(['CalAmp LMU-3640', 'Generic AVL Tracker']);
    expect(screen.queryByLabelText('ESN')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/Device system/), 'CalAmp LMU-3640');
    await userEvent.type(screen.getByLabelText('ESN'), '4661209999');
    await userEvent.type(screen.getByLabelText('Phone number'), '123');
    await userEvent.type(screen.getByLabelText(/Device name/), 'GPS 1001');
    await userEvent.click(screen.getByRole('button', { name: 'Create Device' }));
    expect(await screen.findByText('Invalid Phone Number')).toBeInTheDocument();

    // A non-CalAmp system hides the fields, and their values are neither checked nor sent.
    await userEvent.selectOptions(screen.getByLabelText(/Device system/), 'Generic AVL Tracker');
    expect(screen.queryByLabelText('ESN')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Device' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      deviceSystem: 'Generic AVL Tracker',
      serialNumberESN: null,
      phoneNumber: null,
    });
  });

  it('requires both heights for APC and sends Has Stairs', async () => {
    const { onSubmit } = setup('APC');
    await userEvent.type(screen.getByLabelText(/Device name/), 'APC front 1001');
    await userEvent.selectOptions(screen.getByLabelText(/Device system/), 'APS1 Front');
    await userEvent.type(screen.getByLabelText(/Serial number/), 'AP123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Device' }));
    expect(await screen.findAllByText('Required fields missing for selected device type')).toHaveLength(2);
    expect(screen.getByLabelText(/Height to floor/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Height to street/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText(/Height to floor/), '14');
    await userEvent.type(screen.getByLabelText(/Height to street/), '32.5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Has Stairs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Device' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      heightToFloor: 14,
      heightToStreet: 32.5,
      hasStairs: true,
      serialNumber: 'AP123',
    });
  });

  it('shows no heights outside APC', () => {
    setup('Router');
    expect(screen.queryByLabelText(/Height to floor/)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Has Stairs' })).not.toBeInTheDocument();
  });

  it('clears a chosen system that is no longer in the list', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <CreateDeviceForm type="GPS" systems={SYSTEMS} clientId={3} pending={false} onSubmit={onSubmit} />,
    );
    await userEvent.selectOptions(screen.getByLabelText(/Device system/), 'CalAmp LMU-3640');
    expect(screen.getByLabelText('ESN')).toBeInTheDocument();
    rerender(
      <CreateDeviceForm
        type="GPS"
        systems={SYSTEMS.filter((s) => s.id !== 1)}
        clientId={3}
        pending={false}
        onSubmit={onSubmit}
      />,
    );
    await waitFor(() => expect(screen.queryByLabelText('ESN')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Device system/)).toHaveValue('');
    await userEvent.type(screen.getByLabelText(/Device name/), 'GPS 1001');
    await userEvent.click(screen.getByRole('button', { name: 'Create Device' }));
    expect(await screen.findByText('Device system is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
