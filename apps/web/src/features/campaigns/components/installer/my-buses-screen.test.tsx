import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampaignBus, CampaignBusPage, CampaignSummary } from '@toolkit/contracts/campaigns.ts';
import { describe, expect, it, vi } from 'vitest';
import { flush } from '../../../../lib/outbox/outbox.ts';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { DEMO_USER } from '../../../../test/fixtures.ts';
import { apiError, installFetchMock, json, networkError } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { goOffline, HOUR, restoreCopies } from '../../../../test/saved-copies.ts';
import { myBusesQueryOptions } from '../../api/get-my-buses.ts';
import { makeCampaignBus, makeCampaignSummary, sentWithoutTime } from '../../test-fixtures.ts';
import { MyBusesScreen } from './my-buses-screen.tsx';

const api = installFetchMock();
const DANA = { id: DEMO_USER.id, name: DEMO_USER.name };
const page = (items: CampaignBus[]): CampaignBusPage => ({ items, nextCursor: null, total: items.length });

function serve(mine: CampaignBus[], unassigned: CampaignBus[]) {
  api
    .on('GET', '/api/campaigns/client/3', json<CampaignSummary[]>([makeCampaignSummary()]))
    .on('GET', '/api/campaigns/5/buses?assignee=me', json(page(mine)))
    .on('GET', '/api/campaigns/5/buses?assignee=none', json(page(unassigned)))
    // My buses' checklists are read ahead to open without signal; not what these tests look at.
    .otherwise(apiError(404, 'NOT_FOUND', 'Not found'));
}

const renderScreen = () =>
  renderWithProviders(<MyBusesScreen campaignId={5} />, { user: DEMO_USER, clientId: 3 });

describe('My buses', { timeout: 20_000 }, () => {
  it('lists my buses rework first, then in progress, planned, ready, accepted, with progress, state and blocker', async () => {
    serve(
      [
        makeCampaignBus({ id: 1, fleetNumber: '1300', state: 'accepted', assignee: DANA }),
        makeCampaignBus({ id: 2, fleetNumber: '1210', state: 'planned', assignee: DANA }),
        makeCampaignBus({ id: 3, fleetNumber: '1100', state: 'ready_for_review', assignee: DANA }),
        makeCampaignBus({
          id: 4,
          fleetNumber: '1207',
          state: 'in_progress',
          assignee: DANA,
          progress: { done: 5, required: 8 },
          blocked: { code: 'parts_missing', note: 'No tablet bracket', by: DANA, at: '2026-11-27T09:00:00Z' },
        }),
        makeCampaignBus({
          id: 5,
          fleetNumber: '1209',
          state: 'in_progress',
          assignee: DANA,
          reworkCount: 1,
          reworkReason: 'After photo is blurred',
        }),
      ],
      [makeCampaignBus({ id: 6, fleetNumber: '1400' })],
    );
    renderScreen();
    const mine = await screen.findByRole('list', { name: 'My buses' });
    const rows = within(mine).getAllByRole('link');
    const fleet = (row: HTMLElement) => within(row).getByText(/^Bus \d+$/).textContent;
    expect(rows.map(fleet)).toEqual(['Bus 1209', 'Bus 1207', 'Bus 1210', 'Bus 1100', 'Bus 1300']);
    expect(rows[0]).toHaveTextContent('Rework');
    expect(within(mine).getByText('After photo is blurred')).toHaveClass('text-destructive');
    expect(rows[1]).toHaveTextContent('5/8');
    expect(rows[1]).toHaveTextContent('In progress');
    expect(rows[1]).toHaveTextContent('Blocker: Parts missing: No tablet bracket');
    expect(rows[3]).toHaveTextContent('Ready for review');
    expect(rows[0]).toHaveAttribute('href', '/campaigns/5/buses/5');
    expect(screen.getByRole('heading', { level: 1, name: 'My buses' })).toBeInTheDocument();
    expect(await screen.findByText('Winter retrofit')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by fleet number' }), '120');
    expect(within(mine).getAllByRole('link').map(fleet)).toEqual(['Bus 1209', 'Bus 1207']);
    expect(screen.getByText('No unassigned bus matches.')).toBeInTheDocument();
  });

  it('opens without signal from its last good copy, with the time of that copy', async () => {
    const queryClient = createQueryClient();
    const copy = [makeCampaignBus({ id: 4, fleetNumber: '1207', state: 'in_progress', assignee: DANA })];
    await restoreCopies(queryClient, [
      { queryKey: myBusesQueryOptions(5).queryKey, shape: 'campaign-bus-list', data: copy, age: 2 * HOUR },
      {
        queryKey: ['/api/campaigns/client', 3],
        shape: 'campaign-list',
        data: [makeCampaignSummary()],
        age: 2 * HOUR,
      },
    ]);
    goOffline();
    api.otherwise(networkError());
    renderWithProviders(<MyBusesScreen campaignId={5} />, { user: DEMO_USER, clientId: 3, queryClient });
    const mine = await screen.findByRole('list', { name: 'My buses' });
    expect(within(mine).getByRole('link')).toHaveTextContent('Bus 1207');
    expect(screen.getByText('Winter retrofit')).toBeInTheDocument();
    // Two hours ago: today's time, or yesterday's with its day just after midnight.
    expect(
      await screen.findByText(/^Offline copy from (\d{1,2} [A-Z][a-z]{2}, )?\d{2}:\d{2}$/),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('claims an unassigned bus in one tap; the loser of a race reads the server’s words', async () => {
    serve(
      [],
      [makeCampaignBus({ id: 12, fleetNumber: '1207' }), makeCampaignBus({ id: 13, fleetNumber: '1208' })],
    );
    api.on(
      'POST',
      '/api/campaign-buses/12/claim',
      apiError(409, 'BUS_ASSIGNED', 'Bus 1207 is assigned to Casey Crew.'),
    );
    api.on(
      'POST',
      '/api/campaign-buses/13/claim',
      json(makeCampaignBus({ id: 13, fleetNumber: '1208', assignee: DANA })),
    );
    renderScreen();
    const claim1207 = await screen.findByRole('button', { name: 'Claim bus 1207' });
    // Casey has it: read again after the refusal, the list no longer holds it; the words stay.
    api.on(
      'GET',
      '/api/campaigns/5/buses?assignee=none',
      json(page([makeCampaignBus({ id: 13, fleetNumber: '1208' })])),
    );
    await userEvent.click(claim1207);
    expect(await screen.findByRole('alert')).toHaveTextContent('Bus 1207 is assigned to Casey Crew.');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Claim bus 1207' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Bus 1207 is assigned to Casey Crew.');
    expect(sentWithoutTime(api.callsTo('POST', '/api/campaign-buses/12/claim')[0]?.body)).toEqual({});

    await userEvent.click(screen.getByRole('button', { name: 'Claim bus 1208' }));
    const mine = await screen.findByRole('list', { name: 'My buses' });
    expect(within(mine).getByRole('link')).toHaveTextContent('Bus 1208');
    expect(screen.queryByRole('button', { name: 'Claim bus 1208' })).not.toBeInTheDocument();
  });

  it('keeps a claim made without signal as mine, "Waiting to sync"; refused on replay, the bus goes back with the reason', async () => {
    serve([], [makeCampaignBus({ id: 12, fleetNumber: '1207' })]);
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    api.on('POST', '/api/campaign-buses/12/claim', networkError());
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim bus 1207' }));
    const mine = await screen.findByRole('list', { name: 'My buses' });
    expect(within(mine).getByRole('link')).toHaveTextContent('Waiting to sync');

    offline.mockRestore();
    api.on(
      'POST',
      '/api/campaign-buses/12/claim',
      apiError(409, 'BUS_ASSIGNED', 'Bus 1207 is assigned to Casey Crew.'),
    );
    await act(async () => {
      await flush();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Bus 1207 is assigned to Casey Crew.');
    expect(screen.getByRole('button', { name: 'Claim bus 1207' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'My buses' })).not.toBeInTheDocument();
  });
});
