import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import type { SupportRequest } from '@toolkit/contracts/support.ts';
import { apiError, installFetchMock, json, networkError } from '../../../test/mock-fetch.ts';
import { pendingEntries } from '../../../lib/outbox/outbox.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
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

  it('files the request with the server, which e-mails it to support, then confirms it', async () => {
    api.on(
      'POST',
      '/api/support-requests',
      json<SupportRequest>(
        {
          id: 7,
          kind: 'client-access',
          clientId: null,
          clientName: null,
          subject: 'Lakeside Transit',
          details: 'Installing tablets on their new buses',
          state: 'sent',
          createdAt: '2026-01-05T10:00:00.000Z',
          sentAt: '2026-01-05T10:00:01.000Z',
        },
        201,
      ),
    );
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Client name'), 'Lakeside Transit');
    await user.type(
      within(dialog).getByLabelText('Reason for access'),
      'Installing tablets on their new buses',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(getToasts()[0]).toMatchObject({ title: 'Request Submitted' });
    expect(getToasts()[0]?.description).toContain('Lakeside Transit');
    expect(api.callsTo('POST', '/api/support-requests')).toHaveLength(1);
    expect(api.lastCall().body).toEqual({
      kind: 'client-access',
      clientName: 'Lakeside Transit',
      reason: 'Installing tablets on their new buses',
    });
  });

  it('shows Request Failed when the server refuses', async () => {
    api.on('POST', '/api/support-requests', apiError(400, 'VALIDATION_ERROR', 'Reason is too short'));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Client name'), 'Lakeside Transit');
    await user.type(within(dialog).getByLabelText('Reason for access'), 'Installing tablets');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await vi.waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Request Failed' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('keeps the request on the phone without signal and says so', async () => {
    api.on('POST', '/api/support-requests', networkError());
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Client name'), 'Lakeside Transit');
    await user.type(within(dialog).getByLabelText('Reason for access'), 'Installing tablets');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await vi.waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Request Submitted' }));
    expect(getToasts()[0]?.description).toBe(SAVED_OFFLINE);
    expect((await pendingEntries()).map((e) => e.label)).toEqual([
      'Access to New Client request: Lakeside Transit',
    ]);
  });
});
