import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CsvPreview } from '@toolkit/contracts/campaigns.ts';
import { describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { AddFromCsv } from './add-from-csv.tsx';

const api = installFetchMock();
const DRY_RUN = '/api/campaigns/5/buses/import?dryRun=1';
const IMPORT = '/api/campaigns/5/buses/import';

const preview = (overrides: Partial<CsvPreview>): CsvPreview => ({
  new: 0,
  unchanged: 0,
  errors: [],
  warnings: [],
  errorCount: 0,
  warningCount: 0,
  imported: false,
  alreadyImported: null,
  ...overrides,
});

const file = () => new File(['vehicle_id,assignee\n1001,crew2\n'], 'buses.csv', { type: 'text/csv' });
const count = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('bus list import', { timeout: 20_000 }, () => {
  it('previews a file: counts, the first messages with their rows; errors block the import', async () => {
    const user = userEvent.setup();
    api.on(
      'POST',
      DRY_RUN,
      json(
        preview({
          new: 12,
          unchanged: 3,
          errors: [
            { row: 4, message: 'Row 4: vehicle 1399 is not in RMT. Add it first or remove the row.' },
            { row: 7, message: 'Row 7: planned_on "12/01/2026" must be YYYY-MM-DD.' },
          ],
          warnings: [{ row: null, message: 'Unknown column "colour" is ignored.' }],
          errorCount: 2,
          warningCount: 1,
        }),
      ),
    );
    renderWithProviders(<AddFromCsv campaignId={5} />);
    await user.upload(screen.getByLabelText('Bus list (CSV)'), file());
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(
      await screen.findByText('Row 4: vehicle 1399 is not in RMT. Add it first or remove the row.'),
    ).toBeInTheDocument();
    expect(count('New')).toBe('12');
    expect(count('Unchanged')).toBe('3');
    expect(count('Errors')).toBe('2');
    expect(count('Warnings')).toBe('1');
    const errors = screen.getByRole('region', { name: 'Errors' });
    expect(within(errors).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Unknown column "colour" is ignored.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    const sent = api.lastCall();
    expect(sent.headers['Content-Type']).toBe('text/csv');
    expect(sent.init?.body).toBeInstanceOf(File);
  });

  it('imports a clean file after its preview', async () => {
    const user = userEvent.setup();
    api.on('POST', DRY_RUN, json(preview({ new: 2 })));
    api.on('POST', IMPORT, json(preview({ new: 2, imported: true })));
    renderWithProviders(<AddFromCsv campaignId={5} />);
    await user.upload(screen.getByLabelText('Bus list (CSV)'), file());
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const importButton = screen.getByRole('button', { name: 'Import' });
    await vi.waitFor(() => expect(importButton).toBeEnabled());
    await user.click(importButton);
    expect(await screen.findByText('Imported 2 buses.')).toBeInTheDocument();
    expect(api.callsTo('POST', IMPORT)).toHaveLength(1);
  });
});
