import { screen } from '@testing-library/react';
import type { BusItem } from '@toolkit/contracts/campaigns.ts';
import { describe, expect, it } from 'vitest';
import { installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeBusItem } from '../../test-fixtures.ts';
import { ReviewEvidence } from './review-evidence.tsx';

const api = installFetchMock();

/** The drawer's evidence of bus 1012's items, its photo list empty. */
function showEvidence(items: BusItem[]): void {
  api.on('GET', '/api/photos/vehicle/1012', json([]));
  renderWithProviders(<ReviewEvidence vehicleId={1012} items={items} />, { clientId: 3 });
}

describe('the review drawer’s evidence', () => {
  it('heads only the items something proves: no empty "After photo" when no photo was taken', async () => {
    showEvidence([
      makeBusItem({ key: 'after_photo', label: 'After photo', kind: 'photo', evidence: { photos: [] } }),
      makeBusItem({ key: 'gps', label: 'GPS fitted', kind: 'fit', evidence: { devices: [] } }),
      makeBusItem({
        key: 'conn',
        label: 'Connectivity test',
        kind: 'test',
        evidence: { test: { id: 7, result: 'pass', at: '2026-11-20T10:00:00.000Z' } },
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Connectivity test' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'After photo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'GPS fitted' })).not.toBeInTheDocument();
  });

  it('says there is no evidence yet when nothing proves an item', () => {
    showEvidence([
      makeBusItem({ key: 'after_photo', label: 'After photo', kind: 'photo', evidence: { photos: [] } }),
    ]);
    expect(screen.getByText('No evidence yet.')).toBeInTheDocument();
  });
});
