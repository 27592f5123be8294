import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeCampaign } from '../../test-fixtures.ts';
import { NewCampaignButton } from './new-campaign.tsx';

const api = installFetchMock();

async function openForm() {
  const user = userEvent.setup();
  const view = renderWithProviders(<NewCampaignButton clientId={3} />, { clientId: 3 });
  await user.click(screen.getByRole('button', { name: 'New campaign' }));
  return { user, view, form: await screen.findByRole('dialog', { name: 'New campaign' }) };
}

describe('new campaign', { timeout: 20_000 }, () => {
  it('sends the name, dates and checklist, each kind with its own fields, then opens the board', async () => {
    api.on('POST', '/api/campaigns', json(makeCampaign({ id: 42 }), 201));
    const { user, view, form } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));
    expect(within(form).getByText('Campaign name is required')).toBeInTheDocument();
    expect(within(form).getByText('Give the item a label')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name'), 'Winter retrofit');
    await user.type(within(form).getByLabelText('Due date'), '2026-12-31');
    const first = within(form).getByRole('group', { name: 'Item 1' });
    await user.selectOptions(within(first).getByLabelText('Device type'), 'APC');
    await user.clear(within(first).getByLabelText('Quantity'));
    await user.type(within(first).getByLabelText('Quantity'), '2');
    await user.type(within(first).getByLabelText('Label'), '2 APC front and rear');
    await user.click(within(form).getByRole('button', { name: 'Add item' }));
    const second = within(form).getByRole('group', { name: 'Item 2' });
    await user.selectOptions(within(second).getByLabelText('Kind'), 'Take photos');
    await user.type(within(second).getByLabelText('Label'), 'After photo');
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));

    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/campaigns/42'));
    expect(api.lastCall().body).toEqual({
      clientId: 3,
      name: 'Winter retrofit',
      startsOn: null,
      dueOn: '2026-12-31',
      items: [
        {
          key: 'item_2_apc_front_and_rear',
          label: '2 APC front and rear',
          kind: 'fit',
          required: true,
          deviceType: 'APC',
          quantity: 2,
        },
        {
          key: 'after_photo',
          label: 'After photo',
          kind: 'photo',
          required: true,
          photoType: 'after',
          minCount: 1,
        },
      ],
    });
  });

  it("shows the server's refusal of a name already used", async () => {
    const exists = 'A campaign named "Winter retrofit" already exists in RMT.';
    api.on('POST', '/api/campaigns', apiError(409, 'CAMPAIGN_EXISTS', exists));
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Name'), 'Winter retrofit');
    await user.type(
      within(within(form).getByRole('group', { name: 'Item 1' })).getByLabelText('Label'),
      'GPS',
    );
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(exists);
  });
});
