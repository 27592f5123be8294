import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CASEY, LEE, makeBus } from '../../test-fixtures.ts';
import { BusBoard } from './bus-board.tsx';

const api = installFetchMock();

const BUSES = [
  makeBus(11, '1005', {
    state: 'in_progress',
    assignee: CASEY,
    version: 3,
    progress: { done: 2, required: 4 },
  }),
  makeBus(12, '1207', { state: 'ready_for_review', assignee: CASEY, version: 7 }),
  makeBus(13, '1300', { state: 'ready_for_review', version: 2 }),
  makeBus(14, '1400', { state: 'accepted', acceptedWithExceptions: true }),
];

const renderBoard = () => renderWithProviders(<BusBoard campaignId={5} buses={BUSES} onOpenBus={vi.fn()} />);
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('rowheader')[0]?.textContent);

describe('bus board', { timeout: 20_000 }, () => {
  it('names states in words, in the list order, filtered and searched', async () => {
    const user = userEvent.setup();
    renderBoard();
    expect(rowNames()).toEqual(['1400', '1207', '1300', '1005']);
    expect(screen.getByText('Accepted with exceptions')).toBeInTheDocument();
    expect(screen.getByText('2/4')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Ready for review');
    expect(rowNames()).toEqual(['1207', '1300']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'Unassigned');
    expect(rowNames()).toEqual(['1300']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'Everyone');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '12');
    expect(rowNames()).toEqual(['1207']);
  });

  it("accepts the selected buses with the versions shown and lists those skipped in the server's words", async () => {
    const user = userEvent.setup();
    api.on(
      'POST',
      '/api/campaign-buses/accept',
      json({
        accepted: [13],
        skipped: [
          { busId: 11, reason: 'Bus 1005 is not ready for review.' },
          { busId: 12, reason: 'Bus 1207 has exceptions; review it on its own.' },
        ],
      }),
    );
    renderBoard();
    await user.click(screen.getByRole('checkbox', { name: 'Select bus 1005' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select bus 1207' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select bus 1300' }));
    expect(screen.getByText('3 buses selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept selected' }));

    const outcome = await screen.findByRole('status');
    expect(outcome).toHaveTextContent('Accepted 1 bus.');
    expect(
      within(outcome)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bus 1005 is not ready for review.', 'Bus 1207 has exceptions; review it on its own.']);
    const call = api.callsTo('POST', '/api/campaign-buses/accept')[0];
    expect(call?.body).toEqual({
      items: [
        { busId: 11, version: 3 },
        { busId: 12, version: 7 },
        { busId: 13, version: 2 },
      ],
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^campaign-bulk-accept:/);
  });

  it("assigns the selected buses to one of the agency's people, or to nobody", async () => {
    const user = userEvent.setup();
    api.on(
      'GET',
      '/api/campaigns/5/assignees',
      json([
        { ...CASEY, role: 'installer' },
        { id: 14, name: 'Dana Installer', role: 'installer' },
        { ...LEE, role: 'supervisor' },
      ]),
    );
    api.on('POST', '/api/campaign-buses/assign', json({ items: [] }));
    renderBoard();
    await user.click(screen.getByRole('checkbox', { name: 'Select bus 1300' }));
    await user.click(screen.getByRole('button', { name: 'Assign to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to…' });
    // Dana has no bus on the board yet: the agency's list offers her all the same.
    const people = await within(dialog).findByRole('list', { name: 'People of the agency' });
    expect(
      within(people)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Casey Crew', 'Dana Installer', 'Lee Supervisor']);
    await user.click(within(dialog).getByRole('button', { name: 'Dana Installer' }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/api/campaign-buses/assign')).toHaveLength(1));
    const [sent] = api.callsTo('POST', '/api/campaign-buses/assign');
    expect(sent?.body).toEqual({ busIds: [13], userId: 14 });
    expect(sent?.headers['Idempotency-Key']).toMatch(/^campaign-assign:/);
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign to…' })).toBeNull());

    await user.click(screen.getByRole('checkbox', { name: 'Select bus 1207' }));
    await user.click(screen.getByRole('button', { name: 'Assign to…' }));
    const again = await screen.findByRole('dialog', { name: 'Assign to…' });
    await user.click(within(again).getByRole('button', { name: 'Unassigned' }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/api/campaign-buses/assign')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/campaign-buses/assign')[1]?.body).toEqual({
      busIds: [12],
      userId: null,
    });
  });

  it('says "Needs a connection" and sends nothing while offline', async () => {
    const user = userEvent.setup();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderBoard();
    act(() => void window.dispatchEvent(new Event('offline')));
    await user.click(screen.getByRole('checkbox', { name: 'Select bus 1300' }));
    const accept = screen.getByRole('button', { name: 'Accept selected' });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription('Needs a connection');
    expect(screen.getByRole('button', { name: 'Assign to…' })).toBeDisabled();
    expect(screen.getAllByText('Needs a connection')).toHaveLength(2);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('button', { name: 'Accept selected' })).toBeEnabled();
    expect(api.calls).toHaveLength(0);
  });

  it('draws the first 50 buses and the rest on "Show more" or "Show all"; search, filters and counts cover every bus', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 300 }, (_, i) => makeBus(100 + i, String(2000 + i)));
    renderWithProviders(<BusBoard campaignId={5} buses={many} onOpenBus={vi.fn()} />);
    expect(rowNames()).toHaveLength(50);
    expect(rowNames()[49]).toBe('2049');
    expect(screen.getByText('300 buses shown of 300')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    expect(screen.getByText('50 buses selected')).toBeInTheDocument();
    // The search finds a bus that is not drawn yet.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '2299');
    expect(rowNames()).toEqual(['2299']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    expect(rowNames()).toHaveLength(50);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(rowNames()).toHaveLength(250);
    expect(screen.queryByRole('button', { name: 'Show all 300 buses' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(rowNames()).toHaveLength(300);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    // A filter starts again from the first rows; "Show all" draws every bus it keeps.
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Planned');
    expect(rowNames()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Show all 300 buses' }));
    expect(rowNames()).toHaveLength(300);
    expect(rowNames()[299]).toBe('2299');
    expect(screen.queryByRole('button', { name: /^Show/ })).toBeNull();
  });
});
