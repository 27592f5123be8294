import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import {
  CASEY,
  makeBus,
  makeCampaign,
  makeDashboard,
  makeDetail,
  makeEvent,
  makeItem,
} from '../../test-fixtures.ts';
import { CampaignBoard } from './campaign-board.tsx';

const api = installFetchMock();

const BUS = makeBus(12, '1207', { state: 'ready_for_review', assignee: CASEY, version: 7 });

function serve() {
  api.on('GET', '/api/campaigns/5', json(makeCampaign()));
  api.on(
    'GET',
    '/api/campaigns/5/summary',
    json(
      makeDashboard({
        total: 2,
        counts: { planned: 1, in_progress: 0, ready_for_review: 1, accepted: 0 },
      }),
    ),
  );
  api.on('GET', '/api/campaigns/5/buses', json({ items: [BUS], nextCursor: 'b2', total: 2 }));
  api.on(
    'GET',
    '/api/campaigns/5/buses?cursor=b2',
    json({ items: [makeBus(13, '1300')], nextCursor: null, total: 2 }),
  );
  api.on(
    'GET',
    '/api/campaigns/5/events',
    json({
      items: [
        makeEvent(1, { kind: 'claimed', busId: 12, fleetNumber: '1207', actor: CASEY }),
        makeEvent(2, { kind: 'submitted', busId: 12, fleetNumber: '1207', actor: CASEY }),
      ],
      nextCursor: null,
    }),
  );
  api.on('GET', '/api/photos/vehicle/1012', json([]));
  api.on(
    'GET',
    '/api/campaign-buses/12',
    json(
      makeDetail(BUS, {
        items: [
          makeItem('apc', 'Two APC fitted', {
            kind: 'fit',
            state: 'done',
            evidence: { devices: [{ deviceId: '4661', serial: 'SN-1', imei: null }] },
          }),
          makeItem('after', 'After photo', { kind: 'photo', state: 'todo' }),
        ],
        frozen: [
          makeItem('apc', 'Two APC fitted', { kind: 'fit' }),
          makeItem('after', 'After photo', { kind: 'photo' }),
        ],
        exceptions: { after: 'Camera broken' },
      }),
    ),
  );
}

describe('campaign board', { timeout: 20_000 }, () => {
  it('reads every page of buses, shows the events and opens a bus for review', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<CampaignBoard campaignId={5} />, { clientId: 3 });
    expect(await screen.findByRole('heading', { name: 'Winter retrofit', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: '1300' })).toBeInTheDocument();
    // The dashboard's numbers are the server's summary.
    const ready = await screen.findByText('Ready for review', { selector: 'dt' });
    expect(ready.nextElementSibling).toHaveTextContent('1');
    expect(api.callsTo('GET', '/api/campaigns/5/summary')).toHaveLength(1);
    const events = await screen.findByRole('list', { name: 'Events' });
    expect(within(events).getAllByRole('listitem')[0]).toHaveTextContent(
      'Bus 1207Submitted for reviewby Casey Crew',
    );

    await user.click(screen.getByRole('button', { name: '1207' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bus 1207' });
    const after = await within(drawer).findByRole('rowheader', { name: /After photo/ });
    expect(after).toHaveTextContent('Exception: Camera broken');
    expect(after.parentElement).toHaveTextContent('Done');
    expect(after.parentElement).toHaveTextContent('To do(Changed since submit)');
    expect(within(drawer).getByText('Device 4661 · serial SN-1')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('paints the header and the dashboard before the buses are in, and opens a blocked bus from it', async () => {
    serve();
    api.on(
      'GET',
      '/api/campaigns/5/summary',
      json(
        makeDashboard({
          total: 2,
          blocked: 1,
          counts: { planned: 1, in_progress: 0, ready_for_review: 1, accepted: 0 },
          blockers: [
            {
              code: 'parts_missing',
              label: 'Parts missing',
              buses: [{ id: 12, fleetNumber: '1207', at: '2026-11-20T09:00:00.000Z', note: 'No tablets' }],
            },
          ],
        }),
      ),
    );
    const buses = deferred();
    api.on('GET', '/api/campaigns/5/buses', buses.answer);
    const user = userEvent.setup();
    renderWithProviders(<CampaignBoard campaignId={5} />, { clientId: 3 });

    expect(await screen.findByRole('heading', { name: 'Winter retrofit', level: 1 })).toBeInTheDocument();
    const blocked = await screen.findByText('Blocked', { selector: 'dt' });
    expect(blocked.nextElementSibling).toHaveTextContent('1');
    expect(await screen.findByRole('button', { name: 'Add buses' })).toBeInTheDocument();
    // The buses are still on their way: the dashboard does not wait for them, nor for the events.
    expect(await screen.findByRole('status', { name: 'Loading buses' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Buses' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select all shown' })).toBeNull();
    expect(api.callsTo('GET', '/api/campaigns/5/buses')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/campaigns/5/events')).toHaveLength(0);

    // A blocked bus opens for review from the dashboard, buses or not.
    await user.click(screen.getByRole('button', { name: 'Bus 1207' }));
    const drawer = await screen.findByRole('dialog', { name: 'Bus 1207' });
    expect(await within(drawer).findByRole('button', { name: 'Accept' })).toBeEnabled();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    buses.resolve(json({ items: [BUS], nextCursor: 'b2', total: 2 }));
    expect(await screen.findByRole('rowheader', { name: '1300' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Events' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/campaigns/5/events')).toHaveLength(1);
  });
});
