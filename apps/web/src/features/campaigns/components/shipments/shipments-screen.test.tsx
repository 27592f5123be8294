import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampaignStock } from '@toolkit/contracts/shipments.ts';
import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../../../test/fixtures.ts';
import { installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeCampaign } from '../../test-fixtures.ts';
import { ShipmentsScreen } from './shipments-screen.tsx';
import { makeShipment, makeUnit } from './shipment-test-data.ts';

const api = installFetchMock();
const LEAD = { ...DEMO_USER, id: 9, username: 'lead', name: 'Lee Supervisor', role: 'supervisor' as const };
const INSTALLED = makeUnit({
  id: 41,
  serial: 'SN-1002',
  imei: null,
  status: 'installed',
  deviceId: 'GPS-9',
  bus: { vehicleId: 13, fleetNumber: '1003' },
});
const STOCK: CampaignStock = [
  { deviceType: 'GPS', inStock: 2, installed: 1, faulty: 0, needed: 2, short: 0 },
  { deviceType: 'Tablet', inStock: 31, installed: 4, faulty: 2, needed: 40, short: 9 },
];

function serve() {
  api.on('GET', '/api/campaigns/5', json(makeCampaign()));
  api.on('GET', '/api/campaigns/5/stock', json(STOCK));
  api.on('GET', '/api/shipments/client/3', json([makeShipment()]));
  api.on(
    'GET',
    '/api/shipments/4/units',
    json({ items: [makeUnit(), INSTALLED], nextCursor: null, total: 2 }),
  );
  api.on(
    'GET',
    '/api/shipments/4/units?status=installed',
    json({ items: [INSTALLED], nextCursor: null, total: 1 }),
  );
}

describe('the shipments screen', { timeout: 20_000 }, () => {
  it('lists the shipments and a shipment’s units with status and bus; the stock per device type', async () => {
    serve();
    renderWithProviders(<ShipmentsScreen campaignId={5} />, { user: LEAD, clientId: 3 });
    expect(await screen.findByRole('heading', { name: 'Shipments', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Shipments' });
    expect(within(list).getByRole('button', { name: /Shipment PO-1187/ })).toHaveTextContent(
      '3 rows from PO-1187.csv · imported 20 Nov 2026 by Lee Supervisor2 in stock · 1 installed',
    );
    const units = await screen.findByRole('table', { name: 'Units of shipment PO-1187' });
    const row = within(units).getByRole('rowheader', { name: 'SN-1002' }).closest('tr');
    expect(row).toHaveTextContent('Installed');
    expect(row).toHaveTextContent('Bus 1003');
    expect(row).toHaveTextContent('GPS-9');
    expect(screen.getByRole('list', { name: 'Stock per device type' })).toHaveTextContent(
      'Tablet: 31 in stock, 40 needed, 9 short',
    );

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'installed');
    const table = () => screen.getByRole('table', { name: 'Units of shipment PO-1187' });
    await waitFor(() => expect(within(table()).queryByRole('rowheader', { name: 'SN-1001' })).toBeNull());
    expect(within(table()).getByRole('rowheader', { name: 'SN-1002' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/shipments/4/units?status=installed')).toHaveLength(1);
  });

  it('lets a supervisor change a unit’s status with a note', async () => {
    serve();
    api.on(
      'PATCH',
      '/api/shipment-units/40',
      json(makeUnit({ status: 'faulty', statusNote: 'Dead on arrival' })),
    );
    renderWithProviders(<ShipmentsScreen campaignId={5} />, { user: LEAD, clientId: 3, toaster: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Change status of SN-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unit SN-1001' });
    expect(within(dialog).getByLabelText('New status')).toHaveValue('faulty');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Dead on arrival');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [patch] = api.callsTo('PATCH', '/api/shipment-units/40');
    expect(patch?.body).toEqual({ status: 'faulty', note: 'Dead on arrival' });
    expect(patch?.headers['Idempotency-Key']).toMatch(/^shipment-unit:/);
    expect(await screen.findByText('SN-1001 is now faulty')).toBeInTheDocument();
  });

  it('shows an installer the lists, without the import or a status change', async () => {
    serve();
    renderWithProviders(<ShipmentsScreen campaignId={5} />, { user: DEMO_USER, clientId: 3 });
    expect(await screen.findByRole('table', { name: 'Units of shipment PO-1187' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Packing list (CSV)')).toBeNull();
    expect(screen.queryByRole('button', { name: /Change status/ })).toBeNull();
  });
});
