import { screen, within } from '@testing-library/react';
import type { CampaignStock } from '@toolkit/contracts/shipments.ts';
import { describe, expect, it } from 'vitest';
import { installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { StockBlock } from './stock-block.tsx';

const api = installFetchMock();

describe('the dashboard’s stock block', () => {
  it('says per device type what is in stock against what the buses still need, a shortage in red', async () => {
    api.on(
      'GET',
      '/api/campaigns/5/stock',
      json<CampaignStock>([
        { deviceType: 'GPS', inStock: 12, installed: 30, faulty: 1, needed: 8, short: 0 },
        { deviceType: 'Tablet', inStock: 31, installed: 4, faulty: 2, needed: 40, short: 9 },
      ]),
    );
    renderWithProviders(<StockBlock campaignId={5} />);
    const lines = within(await screen.findByRole('list', { name: 'Stock per device type' })).getAllByRole(
      'listitem',
    );
    expect(lines.map((li) => li.textContent)).toEqual([
      'GPS: 12 in stock, 8 needed30 installed · 1 faulty',
      'Tablet: 31 in stock, 40 needed, 9 short4 installed · 2 faulty',
    ]);
    expect(screen.getByText('Tablet: 31 in stock, 40 needed, 9 short')).toHaveClass('text-destructive');
    expect(screen.getByText('GPS: 12 in stock, 8 needed')).not.toHaveClass('text-destructive');
  });

  it('says when there is neither stock nor need yet', async () => {
    api.on('GET', '/api/campaigns/5/stock', json<CampaignStock>([]));
    renderWithProviders(<StockBlock campaignId={5} />);
    expect(await screen.findByText('No shipments imported and no units needed yet.')).toBeInTheDocument();
  });
});
