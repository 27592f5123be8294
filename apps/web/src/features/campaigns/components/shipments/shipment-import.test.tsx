import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFetchMock, json, type FetchCall } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ShipmentImportForm } from './shipment-import.tsx';
import { makePreview, makeShipment } from './shipment-test-data.ts';

const api = installFetchMock();

const file = () =>
  new File(['serial,device_type,imei\nSN-1001,GPS,356307042441013\n'], 'PO-1187.csv', { type: 'text/csv' });
const count = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
/** The import's query, as the server reads it. */
const queryOf = (call: FetchCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams.entries());
const imports = () =>
  api.calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/shipments/import?'));

const ERRORS = [
  { row: 7, message: 'Row 7: serial is empty.' },
  { row: 9, message: 'Row 9: IMEI "35630704244101" must have 15 digits.' },
];

describe('shipment import', { timeout: 20_000 }, () => {
  it('previews a chosen file at once: counts, the first messages with their rows; errors block the import', async () => {
    api.otherwise(
      json(
        makePreview({
          new: 12,
          unchanged: 3,
          errors: ERRORS,
          warnings: [{ row: null, message: 'Unknown column "colour" is ignored.' }],
          errorCount: 140,
          warningCount: 1,
        }),
        422,
      ),
    );
    renderWithProviders(<ShipmentImportForm clientId={3} campaignId={5} />);
    await userEvent.upload(screen.getByLabelText('Packing list (CSV)'), file());

    expect(await screen.findByText('Row 7: serial is empty.')).toBeInTheDocument();
    expect(queryOf(imports()[0])).toEqual({
      clientId: '3',
      campaignId: '5',
      reference: 'PO-1187',
      fileName: 'PO-1187.csv',
      dryRun: '1',
    });
    expect(screen.getByLabelText('Shipment reference')).toHaveValue('PO-1187');
    expect([count('New'), count('Unchanged'), count('Errors'), count('Warnings')]).toEqual([
      '12',
      '3',
      '140',
      '1',
    ]);
    const errors = screen.getByRole('region', { name: 'Errors' });
    expect(errors).toHaveTextContent('Errors (the first 2 of 140)');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(ERRORS.map((e) => e.message));
    expect(screen.getByRole('region', { name: 'Warnings' })).toHaveTextContent(
      'Unknown column "colour" is ignored.',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(imports()).toHaveLength(1);
  });

  it('imports a clean file as previewed, under the reference given', async () => {
    api.otherwise((call) =>
      queryOf(call).dryRun
        ? json(makePreview({ new: 3 }))
        : json(makePreview({ new: 3, imported: true, shipment: makeShipment({ reference: 'PO-1187-B' }) })),
    );
    renderWithProviders(<ShipmentImportForm clientId={3} campaignId={5} />);
    await userEvent.upload(screen.getByLabelText('Packing list (CSV)'), file());
    const importButton = screen.getByRole('button', { name: 'Import' });
    await waitFor(() => expect(importButton).toBeEnabled());
    await userEvent.clear(screen.getByLabelText('Shipment reference'));
    await userEvent.type(screen.getByLabelText('Shipment reference'), 'PO-1187-B');
    await userEvent.click(importButton);

    expect(await screen.findByText('Imported shipment PO-1187-B: 3 new units.')).toBeInTheDocument();
    expect(queryOf(imports()[1])).toEqual({
      clientId: '3',
      campaignId: '5',
      reference: 'PO-1187-B',
      fileName: 'PO-1187.csv',
    });
    expect(imports()[1]?.headers['Content-Type']).toBe('text/csv');
    expect(imports()[1]?.headers['Idempotency-Key']).toMatch(/^shipment-import:/);
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('says the same file was imported before, and offers no import', async () => {
    const already =
      'This file was already imported on 2026-11-20 by Lee Supervisor (shipment PO-1187). Nothing new to import.';
    api.otherwise(json(makePreview({ unchanged: 3, alreadyImported: already })));
    renderWithProviders(<ShipmentImportForm clientId={3} campaignId={5} />);
    await userEvent.upload(screen.getByLabelText('Packing list (CSV)'), file());
    expect(await screen.findByText(already)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('without a connection sends nothing and says "Needs a connection"', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<ShipmentImportForm clientId={3} campaignId={5} />);
    await userEvent.upload(screen.getByLabelText('Packing list (CSV)'), file());
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getAllByText('Needs a connection')).toHaveLength(2);
    expect(imports()).toEqual([]);
  });
});
