import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeBus, makeDetail } from '../../test-fixtures.ts';
import { ReviewActions } from './review-actions.tsx';

const api = installFetchMock();
const ACCEPT = '/api/campaign-buses/12/accept';
const READY = makeDetail(makeBus(12, '1207', { state: 'ready_for_review', version: 7 }));

function renderActions(bus = READY) {
  const onDone = vi.fn();
  renderWithProviders(<ReviewActions bus={bus} version={bus.version} onDone={onDone} />);
  return { onDone, user: userEvent.setup() };
}

describe('review actions', { timeout: 20_000 }, () => {
  it('accepts with exceptions only with a note of 3 characters or more, sending the version opened', async () => {
    api.on('POST', ACCEPT, json({}));
    const { user, onDone } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Accept with exceptions…' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'ok');
    await user.click(screen.getByRole('button', { name: 'Accept with exceptions' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Add a note of 3 characters or more.');
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Note' }), ', rear APC next week');
    await user.click(screen.getByRole('button', { name: 'Accept with exceptions' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.lastCall().body).toEqual({ version: 7, forced: true, note: 'ok, rear APC next week' });
  });

  it('rejects only with a reason', async () => {
    api.on('POST', '/api/campaign-buses/12/reject', json({}));
    const { user, onDone } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A reason is required.');
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'After photo is blurred');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.lastCall().body).toEqual({ version: 7, reason: 'After photo is blurred' });
  });

  it("shows a refusal in the server's words", async () => {
    api.on(
      'POST',
      ACCEPT,
      apiError(409, 'BUS_CHANGED', 'Bus 1207 changed since you opened it; review it again.'),
    );
    const { user, onDone } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bus 1207 changed since you opened it; review it again.',
    );
    expect(api.lastCall().body).toEqual({ version: 7 });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('reopens an accepted bus with a reason', async () => {
    api.on('POST', '/api/campaign-buses/12/reopen', json({}));
    const accepted = makeDetail(makeBus(12, '1207', { state: 'accepted', version: 9 }));
    const { user, onDone } = renderActions(accepted);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen…' }));
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A reason is required.');
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Tablet swapped');
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.lastCall().body).toEqual({ version: 9, reason: 'Tablet swapped' });
  });
});
