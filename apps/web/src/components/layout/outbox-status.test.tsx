import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueue, flush, pendingEntries } from '../../lib/outbox/outbox.ts';
import { setOutboxOwner } from '../../lib/outbox/owner.ts';
import { apiError, installFetchMock, json, networkError } from '../../test/mock-fetch.ts';
import { OutboxStatus } from './outbox-status.tsx';

const api = installFetchMock();
afterEach(() => setOutboxOwner(null));

const assignment = {
  label: 'Device RTR-9 to 264',
  method: 'POST' as const,
  url: '/api/devices/assign',
  body: {
    deviceIds: ['RTR-9'],
    vehicleId: 12,
    clientId: 3,
    expected: [{ deviceId: 'RTR-9', vehicleId: null }],
  },
  keyPrefix: 'assign',
};

describe('OutboxStatus', () => {
  it('says whose a kept write is when someone else is signed in on this phone', async () => {
    setOutboxOwner({ id: 1, name: 'Ana Ruiz' });
    await enqueue({
      label: 'Mood logged',
      method: 'POST',
      url: '/api/mood-entries',
      body: {},
      keyPrefix: 'm',
    });
    setOutboxOwner({ id: 2, name: 'Ben Ode' });
    await pendingEntries();
    render(<OutboxStatus />);
    await userEvent.click(screen.getByRole('button', { name: /1 waiting/ }));
    expect(
      await screen.findByText('Made by Ana Ruiz: sent when they sign in on this phone.'),
    ).toBeInTheDocument();
  });

  it('shows nothing when nothing waits', async () => {
    await pendingEntries();
    const { container } = render(<OutboxStatus />);
    expect(container).toBeEmptyDOMElement();
  });

  it('counts what waits; on a phone the count is shown and the words are read, so the header fits', async () => {
    api.on('POST', '/api/notes', networkError());
    await enqueue({
      label: 'general note: cable',
      method: 'POST',
      url: '/api/notes',
      body: {},
      keyPrefix: 'n',
    });
    await enqueue({
      label: 'Mood 😐 Okay logged',
      method: 'POST',
      url: '/api/notes',
      body: {},
      keyPrefix: 'm',
    });
    await pendingEntries();
    render(<OutboxStatus />);
    const button = screen.getByRole('button', { name: '2 waiting' });
    // Below the `sm` breakpoint the words are screen-reader only (beside 'Back to Clients' and the
    // menu they made the header wider than a 390 px screen); from `sm` on they are shown.
    const words = within(button).getByText('waiting');
    expect(words).toHaveClass('sr-only', 'sm:not-sr-only');
    await userEvent.click(button);
    const list = within(screen.getByRole('dialog', { name: 'Waiting to be sent' })).getByRole('list', {
      name: 'Unsent changes',
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('general note: cable'),
      expect.stringContaining('Mood 😐 Okay logged'),
    ]);
  });

  it('a device moved meanwhile is a conflict naming both sides; "Apply mine anyway" sends it without the check', async () => {
    api.on(
      'POST',
      '/api/devices/assign',
      apiError(409, 'ASSIGNMENT_CONFLICT', 'Device RTR-9 is now on 266 (it was a spare when you chose it).'),
    );
    const entry = await enqueue(assignment);
    await flush();
    render(<OutboxStatus />);
    await userEvent.click(screen.getByRole('button', { name: '1 conflict to resolve' }));
    const item = within(screen.getByRole('list', { name: 'Unsent changes' })).getByRole('listitem');
    expect(item).toHaveTextContent('Device RTR-9 to 264');
    expect(item).toHaveTextContent('Changed meanwhile by someone else');
    expect(item).toHaveTextContent('Device RTR-9 is now on 266 (it was a spare when you chose it).');
    expect(within(item).getByRole('button', { name: 'Keep the current one' })).toBeEnabled();

    api.on('POST', '/api/devices/assign', json({ devices: [], assignmentResults: [], message: 'ok' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Apply mine anyway' }));
    const last = api.calls.at(-1);
    expect(last?.body).toEqual({ deviceIds: ['RTR-9'], vehicleId: 12, clientId: 3 });
    expect(last?.headers['Idempotency-Key']).toBe(`${entry.idempotencyKey}-mine`);
    expect(await pendingEntries()).toEqual([]);
    expect(screen.queryByRole('button', { name: /conflict|waiting/ })).not.toBeInTheDocument();
  });

  it('"Keep the current one" gives the kept assignment up: nothing more is sent', async () => {
    api.on(
      'POST',
      '/api/devices/assign',
      apiError(409, 'ASSIGNMENT_CONFLICT', 'Device RTR-9 is now on 266.'),
    );
    await enqueue(assignment);
    await flush();
    render(<OutboxStatus />);
    await userEvent.click(screen.getByRole('button', { name: '1 conflict to resolve' }));
    const sent = api.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Keep the current one' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /conflict/ })).not.toBeInTheDocument());
    expect(await pendingEntries()).toEqual([]);
    expect(api.calls).toHaveLength(sent);
  });
});
