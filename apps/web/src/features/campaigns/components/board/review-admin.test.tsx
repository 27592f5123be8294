import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json, text } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CHECKLIST, makeBus, makeDetail, makeItem } from '../../test-fixtures.ts';
import { ItemMarks } from './item-marks.tsx';
import { RemoveBus } from './remove-bus.tsx';

const api = installFetchMock();
afterEach(() => vi.restoreAllMocks());

const IN_PROGRESS = makeDetail(makeBus(12, '1207', { state: 'in_progress', version: 4 }), {
  items: [
    ...CHECKLIST,
    makeItem('decals', 'Decals applied', {
      state: 'na',
      evidence: {
        tick: { by: { id: 9, name: 'Lee Supervisor' }, at: '2026-11-20T10:00:00.000Z', note: 'No decals' },
      },
    }),
  ],
});
const NA_URL = '/api/campaign-buses/12/items/after_photo';

describe('not applicable, from the review', { timeout: 20_000 }, () => {
  it('asks for the reason before sending, then sends the item and the reason', async () => {
    const user = userEvent.setup();
    api.on('PUT', NA_URL, json({ ...IN_PROGRESS, message: null }));
    renderWithProviders(<ItemMarks bus={IN_PROGRESS} />, { clientId: 3 });
    const section = screen.getByRole('region', { name: 'Not applicable' });
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Item' }), 'After photo');
    await user.click(within(section).getByRole('button', { name: 'Mark not applicable' }));
    expect(within(section).getByText('A reason is required.')).toBeInTheDocument();
    expect(within(section).getByRole('textbox', { name: 'Why it does not apply' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls).toHaveLength(0);

    await user.type(within(section).getByRole('textbox', { name: 'Why it does not apply' }), 'No camera bay');
    await user.click(within(section).getByRole('button', { name: 'Mark not applicable' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', NA_URL)).toHaveLength(1));
    const [sent] = api.callsTo('PUT', NA_URL);
    expect(sent?.body).toEqual({ state: 'na', note: 'No camera bay' });
    expect(sent?.headers['Idempotency-Key']).toMatch(/^campaign-item-mark:/);
  });

  it("shows the server's words when it refuses, and takes a mark back", async () => {
    const user = userEvent.setup();
    api.on(
      'PUT',
      NA_URL,
      apiError(409, 'BUS_ACCEPTED', 'Bus 1207 is accepted; ask a supervisor to reopen it.'),
    );
    api.on('PUT', '/api/campaign-buses/12/items/decals', json({ ...IN_PROGRESS, message: null }));
    renderWithProviders(<ItemMarks bus={IN_PROGRESS} />, { clientId: 3 });
    const section = screen.getByRole('region', { name: 'Not applicable' });
    expect(within(section).getByText('· No decals')).toBeInTheDocument();
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Item' }), 'After photo');
    await user.type(within(section).getByRole('textbox', { name: 'Why it does not apply' }), 'Dark');
    await user.click(within(section).getByRole('button', { name: 'Mark not applicable' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Bus 1207 is accepted; ask a supervisor to reopen it.',
    );

    await user.click(within(section).getByRole('button', { name: 'Decals applied applies again' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/api/campaign-buses/12/items/decals')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/campaign-buses/12/items/decals')[0]?.body).toEqual({ state: 'todo' });
  });

  it('says "Needs a connection" and sends nothing offline', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<ItemMarks bus={IN_PROGRESS} />, { clientId: 3 });
    act(() => void window.dispatchEvent(new Event('offline')));
    const mark = screen.getByRole('button', { name: 'Mark not applicable' });
    expect(mark).toBeDisabled();
    expect(mark).toHaveAccessibleDescription('Needs a connection');
    expect(screen.getByRole('button', { name: 'Decals applied applies again' })).toBeDisabled();
    expect(api.calls).toHaveLength(0);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('button', { name: 'Mark not applicable' })).toBeEnabled();
  });
});

describe('removing a bus, from the review', { timeout: 20_000 }, () => {
  const PLANNED = makeDetail(makeBus(13, '1300'));
  const URL = '/api/campaign-buses/13';

  it('removes a planned bus once asked', async () => {
    const user = userEvent.setup();
    const onRemoved = vi.fn();
    api.on('DELETE', URL, text('', 204));
    renderWithProviders(<RemoveBus bus={PLANNED} onRemoved={onRemoved} />, { clientId: 3 });
    await user.click(screen.getByRole('button', { name: 'Remove from campaign' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Remove bus 1300?' });
    await user.click(within(ask).getByRole('button', { name: 'Remove bus' }));
    await vi.waitFor(() => expect(onRemoved).toHaveBeenCalled());
    expect(api.callsTo('DELETE', URL)[0]?.headers['Idempotency-Key']).toMatch(/^campaign-remove-bus:/);
  });

  it("shows the design's words when the bus has work recorded meanwhile", async () => {
    const user = userEvent.setup();
    const refusal = 'Bus 1300 has work recorded; only a planned bus can be removed.';
    api.on('DELETE', URL, apiError(409, 'BUS_NOT_PLANNED', refusal));
    renderWithProviders(<RemoveBus bus={PLANNED} onRemoved={vi.fn()} />, { clientId: 3 });
    await user.click(screen.getByRole('button', { name: 'Remove from campaign' }));
    await user.click(await screen.findByRole('button', { name: 'Remove bus' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('is not offered for a bus with work recorded', () => {
    renderWithProviders(<RemoveBus bus={IN_PROGRESS} onRemoved={vi.fn()} />, { clientId: 3 });
    expect(screen.queryByRole('button', { name: 'Remove from campaign' })).toBeNull();
  });
});
