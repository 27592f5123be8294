import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DayPoint } from '@toolkit/contracts/campaigns.ts';
import { describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeCampaign, makeDashboard } from '../../test-fixtures.ts';
import { Dashboard } from './dashboard.tsx';

const api = installFetchMock();

const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** 14 days to 2026-11-20: one bus accepted on the 19th, one on the 20th; the line at 5 today. */
const DAYS: DayPoint[] = Array.from({ length: 14 }, (_, i) => {
  const day = `2026-11-${String(7 + i).padStart(2, '0')}`;
  const accepted = day === '2026-11-19' || day === '2026-11-20' ? 1 : 0;
  const total = day === '2026-11-20' ? 2 : day === '2026-11-19' ? 1 : 0;
  return { day, accepted, total, target: Math.max(0, (i - 3) * 0.5) };
});

const SUMMARY = makeDashboard({
  total: 8,
  counts: { planned: 3, in_progress: 2, ready_for_review: 1, accepted: 2 },
  blocked: 3,
  shareAccepted: 25,
  dueOn: '2026-12-31',
  acceptedPerDay: DAYS,
  blockers: [
    {
      code: 'bus_unavailable',
      label: 'Bus not available',
      buses: [{ id: 5, fleetNumber: '1005', at: '2026-11-19T09:00:00.000Z', note: null }],
    },
    {
      code: 'parts_missing',
      label: 'Parts missing',
      buses: [
        { id: 6, fleetNumber: '1006', at: '2026-11-20T09:00:00.000Z', note: null },
        { id: 4, fleetNumber: '1004', at: '2026-11-21T09:00:00.000Z', note: 'No tablets' },
      ],
    },
  ],
});

function renderDashboard(onOpenBus = vi.fn()) {
  api.on('GET', '/api/campaigns/5/summary', json(SUMMARY));
  renderWithProviders(<Dashboard campaign={makeCampaign()} onOpenBus={onOpenBus} />, { clientId: 3 });
}

describe('campaign dashboard', { timeout: 20_000 }, () => {
  it("shows the server's counts per state, blocked, the share accepted and the due date, from one request", async () => {
    renderDashboard();
    expect(await screen.findByText('Share accepted')).toBeInTheDocument();
    expect(stat('Planned')).toBe('3');
    expect(stat('In progress')).toBe('2');
    expect(stat('Blocked')).toBe('3');
    expect(stat('Ready for review')).toBe('1');
    expect(stat('Accepted')).toBe('2');
    expect(stat('Share accepted')).toBe('25%');
    expect(stat('Due date')).toBe('31 Dec 2026');
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/campaigns/5/summary']);
  });

  it('draws buses accepted per day for 14 days against the straight line to the due date', async () => {
    renderDashboard();
    const chart = await screen.findByRole('img', {
      name: '2 accepted in the last 14 days; 2 of 8 in all, 5 on the line to the due date today.',
    });
    expect(chart.querySelectorAll('rect')).toHaveLength(14);
    expect(chart.querySelector('polyline')).not.toBeNull();
    const table = screen.getByRole('table', { name: 'Buses accepted per day' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(14);
    expect(rows.at(-1)?.textContent).toBe('20 Nov 2026125');
    expect(rows.at(-2)?.textContent).toBe('19 Nov 2026115');
    expect(rows[0]?.textContent).toBe('7 Nov 2026000');
  });

  it('says so when the campaign has no due date to draw the line to', async () => {
    api.on(
      'GET',
      '/api/campaigns/5/summary',
      json({ ...SUMMARY, dueOn: null, acceptedPerDay: DAYS.map((d) => ({ ...d, target: null })) }),
    );
    renderWithProviders(<Dashboard campaign={makeCampaign({ dueOn: null })} onOpenBus={vi.fn()} />, {
      clientId: 3,
    });
    expect(
      await screen.findByRole('img', { name: '2 accepted in the last 14 days; 2 of 8 in all.' }),
    ).toBeInTheDocument();
    expect(stat('Due date')).toBe('None');
    const table = screen.getByRole('table', { name: 'Buses accepted per day' });
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('No due date');
  });

  it('lists blockers by code as the server orders them, each bus opening its review', async () => {
    const onOpenBus = vi.fn();
    renderDashboard(onOpenBus);
    const parts = (await screen.findByRole('heading', { name: 'Parts missing · 2' })).parentElement;
    const groups = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(['Bus not available · 1', 'Parts missing · 2']);
    if (!parts) throw new Error('no group');
    expect(
      within(parts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Bus 1006', 'Bus 1004']);
    expect(within(parts).getByText('No tablets')).toBeInTheDocument();
    await userEvent.setup().click(within(parts).getByRole('button', { name: 'Bus 1004' }));
    expect(onOpenBus).toHaveBeenCalledWith({ id: 4, fleetNumber: '1004' });
  });

  it('lists the five longest blocked buses of a code, the others on "Show all"', async () => {
    const buses = Array.from({ length: 12 }, (_, i) => ({
      id: 100 + i,
      fleetNumber: String(2000 + i),
      at: '2026-11-20T09:00:00.000Z',
      note: null,
    }));
    api.on(
      'GET',
      '/api/campaigns/5/summary',
      json({ ...SUMMARY, blockers: [{ code: 'parts_missing', label: 'Parts missing', buses }] }),
    );
    renderWithProviders(<Dashboard campaign={makeCampaign()} onOpenBus={vi.fn()} />, { clientId: 3 });
    const group = (await screen.findByRole('heading', { name: 'Parts missing · 12' })).parentElement;
    if (!group) throw new Error('no group');
    const busButtons = () => within(group).getAllByRole('button', { name: /^Bus / });
    expect(busButtons().map((b) => b.textContent)).toEqual([
      'Bus 2000',
      'Bus 2001',
      'Bus 2002',
      'Bus 2003',
      'Bus 2004',
    ]);
    await userEvent.setup().click(within(group).getByRole('button', { name: 'Show all 12' }));
    expect(busButtons()).toHaveLength(12);
    expect(within(group).queryByRole('button', { name: 'Show all 12' })).toBeNull();
  });
});
