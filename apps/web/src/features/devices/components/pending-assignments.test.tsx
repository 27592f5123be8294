import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { enqueue, pendingEntries } from '../../../lib/outbox/outbox.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PendingAssignments } from './pending-assignments.tsx';

describe('PendingAssignments', () => {
  it("lists each device of an assignment kept offline under its vehicle, and nothing for another's", async () => {
    await enqueue({
      label: 'Devices G1, T2 to 1001',
      method: 'POST',
      url: '/api/devices/assign',
      body: { deviceIds: ['G1', 'T2'], vehicleId: 7, clientId: 3 },
      keyPrefix: 'assign',
    });
    await pendingEntries();
    const { unmount } = renderWithProviders(<PendingAssignments vehicleId={7} />);
    const list = screen.getByRole('list', { name: 'Assignments waiting to be sent' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Device G1 to this vehicle', 'Device T2 to this vehicle']);
    expect(list).toHaveTextContent('Saved on this device — will be sent when online');
    unmount();
    renderWithProviders(<PendingAssignments vehicleId={8} />);
    expect(screen.queryByRole('list', { name: 'Assignments waiting to be sent' })).not.toBeInTheDocument();
  });

  it('lists one to a vehicle made without signal, named by its made-up id until its create goes', async () => {
    await enqueue({
      label: 'Device G9 to DEAD-1',
      method: 'POST',
      url: '/api/devices/assign',
      body: { deviceIds: ['G9'], vehicleId: -123456, clientId: 3 },
      keyPrefix: 'assign',
    });
    await pendingEntries();
    renderWithProviders(<PendingAssignments vehicleId={-123456} />);
    const list = screen.getByRole('list', { name: 'Assignments waiting to be sent' });
    expect(within(list).getByText('Device G9 to this vehicle')).toBeInTheDocument();
  });
});
