import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeCampaign } from '../../test-fixtures.ts';
import { CampaignStatusButton, EditCampaignButton } from './campaign-settings.tsx';

const api = installFetchMock();
const URL = '/api/campaigns/5';

const CAMPAIGN = makeCampaign({
  items: [
    {
      key: 'gps_fitted',
      label: 'GPS fitted',
      kind: 'fit',
      deviceType: 'GPS',
      quantity: 1,
      required: true,
      position: 0,
    },
    { key: 'cables', label: 'Cables tied', kind: 'manual', required: true, position: 1 },
  ],
});

describe('editing a campaign', { timeout: 20_000 }, () => {
  it('sends the name, dates and checklist, each item keeping its key', async () => {
    const user = userEvent.setup();
    api.on('PATCH', URL, json(makeCampaign({ name: 'Winter refit' })));
    renderWithProviders(<EditCampaignButton campaign={CAMPAIGN} />, { clientId: 3 });
    await user.click(screen.getByRole('button', { name: 'Edit campaign' }));
    const form = await screen.findByRole('dialog', { name: 'Edit campaign' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Winter retrofit');
    const second = within(form).getByRole('group', { name: 'Item 2' });
    await user.clear(within(second).getByLabelText('Label'));
    await user.type(within(second).getByLabelText('Label'), 'Cables tied and sleeved');
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Winter refit');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(api.callsTo('PATCH', URL)).toHaveLength(1));
    expect(api.callsTo('PATCH', URL)[0]?.body).toEqual({
      name: 'Winter refit',
      startsOn: '2026-11-01',
      dueOn: '2026-12-31',
      items: [
        {
          key: 'gps_fitted',
          label: 'GPS fitted',
          kind: 'fit',
          required: true,
          deviceType: 'GPS',
          quantity: 1,
        },
        { key: 'cables', label: 'Cables tied and sleeved', kind: 'manual', required: true },
      ],
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit campaign' })).toBeNull());
  });

  it("shows the server's words when the checklist can no longer change", async () => {
    const user = userEvent.setup();
    const locked =
      'Campaign "Winter retrofit" has buses submitted for review; its checklist can no longer change.';
    api.on('PATCH', URL, apiError(409, 'CHECKLIST_LOCKED', locked));
    renderWithProviders(<EditCampaignButton campaign={CAMPAIGN} />, { clientId: 3 });
    await user.click(screen.getByRole('button', { name: 'Edit campaign' }));
    const form = await screen.findByRole('dialog', { name: 'Edit campaign' });
    await user.click(within(form).getByRole('button', { name: 'Add item' }));
    await user.type(
      within(within(form).getByRole('group', { name: 'Item 3' })).getByLabelText('Label'),
      'Decals',
    );
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(locked);
  });

  it('is not offered while the campaign is closed', () => {
    renderWithProviders(<EditCampaignButton campaign={makeCampaign({ status: 'closed' })} />, {
      clientId: 3,
    });
    expect(screen.getByRole('button', { name: 'Edit campaign' })).toBeDisabled();
  });
});

describe('closing and reopening a campaign', { timeout: 20_000 }, () => {
  it('closes an active campaign once asked', async () => {
    const user = userEvent.setup();
    api.on('PATCH', URL, json(makeCampaign({ status: 'closed' })));
    renderWithProviders(<CampaignStatusButton campaign={CAMPAIGN} />, { clientId: 3 });
    await user.click(screen.getByRole('button', { name: 'Close campaign' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Close "Winter retrofit"?' });
    expect(api.calls).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Close campaign' }));
    await vi.waitFor(() => expect(api.callsTo('PATCH', URL)).toHaveLength(1));
    expect(api.callsTo('PATCH', URL)[0]?.body).toEqual({ status: 'closed' });
  });

  it('reopens a closed campaign', async () => {
    const user = userEvent.setup();
    api.on('PATCH', URL, json(makeCampaign()));
    renderWithProviders(<CampaignStatusButton campaign={makeCampaign({ status: 'closed' })} />, {
      clientId: 3,
    });
    await user.click(screen.getByRole('button', { name: 'Reopen campaign' }));
    await vi.waitFor(() => expect(api.callsTo('PATCH', URL)).toHaveLength(1));
    expect(api.callsTo('PATCH', URL)[0]?.body).toEqual({ status: 'active' });
  });
});
