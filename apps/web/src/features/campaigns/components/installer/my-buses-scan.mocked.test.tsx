import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampaignBus, CampaignBusPage, CampaignSummary } from '@toolkit/contracts/campaigns.ts';
import type { UnitLookup } from '@toolkit/contracts/shipments.ts';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER } from '../../../../test/fixtures.ts';
import { apiError, installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeCampaignBus, makeCampaignSummary } from '../../test-fixtures.ts';
import { makeUnit } from '../shipments/shipment-test-data.ts';
import { MyBusesScreen } from './my-buses-screen.tsx';

// jsdom has no camera: the VIN scanner stands in as a button that "reads" the label given.
vi.mock('../../../../components/capture/vin-scanner-dialog.tsx', () => ({
  VinScannerDialog: ({ open, onVin }: { open: boolean; onVin: (vin: string) => void }) =>
    open ? (
      <div role="dialog" aria-label="Scan VIN">
        <button type="button" onClick={() => onVin('1FDXE45P06DA12345')}>
          Read bus label
        </button>
        <button type="button" onClick={() => onVin('2HGES16555H591234')}>
          Read another label
        </button>
        <button type="button" onClick={() => onVin('S/N: SN-1001 IMEI 356307042441013')}>
          Read unit label
        </button>
      </div>
    ) : null,
}));

const api = installFetchMock();
const DANA = { id: DEMO_USER.id, name: DEMO_USER.name };
const page = (items: CampaignBus[]): CampaignBusPage => ({ items, nextCursor: null, total: items.length });

function serve() {
  api
    .on('GET', '/api/campaigns/client/3', json<CampaignSummary[]>([makeCampaignSummary()]))
    .on(
      'GET',
      '/api/campaigns/5/buses?assignee=me',
      json(page([makeCampaignBus({ id: 4, fleetNumber: '1207', assignee: DANA, vin: '1FTBW2CM5HKA12345' })])),
    )
    .on(
      'GET',
      '/api/campaigns/5/buses?assignee=none',
      json(page([makeCampaignBus({ id: 8, fleetNumber: '1300', vin: '1FDXE45P06DA12345' })])),
    )
    .on(
      'GET',
      '/api/shipment-units/lookup?clientId=3&code=356307042441013',
      json<UnitLookup>({
        unit: makeUnit({ status: 'installed', bus: { vehicleId: 1004, fleetNumber: '1207' } }),
      }),
    )
    .otherwise(apiError(404, 'NOT_FOUND', 'Not found'));
}

const renderScreen = () => {
  serve();
  return renderWithProviders(<MyBusesScreen campaignId={5} />, { user: DEMO_USER, clientId: 3 });
};

describe('Scan on My buses', () => {
  it('jumps to the bus whose VIN label is scanned', async () => {
    const user = userEvent.setup();
    const view = renderScreen();
    await screen.findByRole('list', { name: 'Unassigned buses' });
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    await user.click(await screen.findByRole('button', { name: 'Read bus label' }));
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/campaigns/5/buses/8'));
  });

  it('jumps to the bus a scanned unit label went on (its IMEI through the shipment-unit lookup)', async () => {
    const user = userEvent.setup();
    const view = renderScreen();
    await screen.findByRole('list', { name: 'Unassigned buses' });
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    await user.click(await screen.findByRole('button', { name: 'Read unit label' }));
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/campaigns/5/buses/4'));
  });

  it('says so when the scanned VIN is none of the buses kept here', async () => {
    const user = userEvent.setup();
    const view = renderScreen();
    await screen.findByRole('list', { name: 'Unassigned buses' });
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    await user.click(await screen.findByRole('button', { name: 'Read another label' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No bus of yours or unassigned matches "2HGES16555H591234".',
    );
    expect(view.router.state.location.pathname).toBe('/');
  });

  it('jumps to the bus whose VIN or fleet number is typed and sent', async () => {
    const user = userEvent.setup();
    const view = renderScreen();
    await screen.findByRole('list', { name: 'My buses' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by fleet number' }),
      '1ftbw2cm5hka12345{Enter}',
    );
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe('/campaigns/5/buses/4'));
  });
});
