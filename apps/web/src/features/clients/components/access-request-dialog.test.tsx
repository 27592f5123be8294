import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import { installFetchMock } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccessRequestDialog } from './access-request-dialog.tsx';

const api = installFetchMock();

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<AccessRequestDialog />, { route: '/access' });
  await user.click(screen.getByRole('button', { name: 'Request Access to New Client' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Request Access to New Client' }) };
}

describe('AccessRequestDialog', () => {
  it('requires a client name and a reason of at least 10 characters (§5)', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText('Client name is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Please provide at least 10 characters explaining why you need access'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Client name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Client name'), '   ');
    await user.type(within(dialog).getByLabelText('Reason for access'), 'too short');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText('Client name is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Please provide at least 10 characters explaining why you need access'),
    ).toBeInTheDocument();
  });

  it('simulates the request for a second without any call, then confirms it', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Client name'), 'Lakeside Transit');
    await user.type(
      within(dialog).getByLabelText('Reason for access'),
      'Installing tablets on their new buses',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(getToasts()[0]).toMatchObject({ title: 'Request Submitted' });
    expect(getToasts()[0]?.description).toContain('Lakeside Transit');
    expect(api.calls).toEqual([]);
  });
});
