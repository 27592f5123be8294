import { screen, within } from '@testing-library/react';
import type { CampaignSummary } from '@toolkit/contracts/campaigns.ts';
import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../../../test/fixtures.ts';
import { installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeCampaignSummary } from '../../test-fixtures.ts';
import { CampaignsScreen } from './campaigns-screen.tsx';

const api = installFetchMock();

describe('Campaigns', () => {
  it('lists each active campaign with "My buses 3 · Unassigned 41 · Done 212/300", opening its buses', async () => {
    api.on(
      'GET',
      '/api/campaigns/client/3',
      json<CampaignSummary[]>([
        makeCampaignSummary(),
        makeCampaignSummary({ id: 6, name: 'Summer pilot', status: 'closed' }),
      ]),
    );
    renderWithProviders(<CampaignsScreen />, { user: DEMO_USER, clientId: 3 });
    const list = await screen.findByRole('list', { name: 'Active campaigns' });
    const link = within(list).getByRole('link');
    expect(link).toHaveTextContent('Winter retrofit');
    expect(link).toHaveTextContent('My buses 3 · Unassigned 41 · Done 212/300');
    expect(link).toHaveAttribute('href', '/campaigns/5');
    expect(screen.queryByText('Summer pilot')).not.toBeInTheDocument();
  });
});
