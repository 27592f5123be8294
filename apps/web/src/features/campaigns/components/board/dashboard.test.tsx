import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { acceptedPerDay } from './board-stats.ts';
import { makeBus, makeCampaign, makeEvent } from './board-test-data.ts';
import { Dashboard } from './dashboard.tsx';

const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const BUSES = [
  makeBus(1, '1001', { state: 'accepted' }),
  makeBus(2, '1002', { state: 'accepted' }),
  makeBus(3, '1003', { state: 'ready_for_review' }),
  makeBus(4, '1004', {
    state: 'in_progress',
    blocked: {
      code: 'parts_missing',
      note: 'No tablets',
      by: { id: 12, name: 'Casey Crew' },
      at: '2026-11-21T09:00:00.000Z',
    },
  }),
  makeBus(5, '1005', {
    state: 'planned',
    blocked: {
      code: 'bus_unavailable',
      note: null,
      by: { id: 12, name: 'Casey Crew' },
      at: '2026-11-19T09:00:00.000Z',
    },
  }),
  makeBus(6, '1006', {
    state: 'in_progress',
    blocked: {
      code: 'parts_missing',
      note: null,
      by: { id: 12, name: 'Casey Crew' },
      at: '2026-11-20T09:00:00.000Z',
    },
  }),
  makeBus(7, '1007'),
  makeBus(8, '1008'),
];

describe('campaign dashboard', () => {
  it('counts the buses per state, blocked beside them, the share accepted and the due date', () => {
    render(<Dashboard campaign={makeCampaign()} buses={BUSES} events={[]} onOpenBus={vi.fn()} />);
    expect(stat('Planned')).toBe('3');
    expect(stat('In progress')).toBe('2');
    expect(stat('Blocked')).toBe('3');
    expect(stat('Ready for review')).toBe('1');
    expect(stat('Accepted')).toBe('2');
    expect(stat('Share accepted')).toBe('25%');
    expect(stat('Due date')).toBe('31 Dec 2026');
  });

  it('lists blockers by code, the longest blocked first, each bus oldest first', () => {
    render(<Dashboard campaign={makeCampaign()} buses={BUSES} events={[]} onOpenBus={vi.fn()} />);
    const groups = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(['Bus not available · 1', 'Parts missing · 2']);
    const parts = screen.getByRole('heading', { name: 'Parts missing · 2' }).parentElement;
    if (!parts) throw new Error('no group');
    expect(
      within(parts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Bus 1006', 'Bus 1004']);
  });

  it('counts buses accepted per day against the straight line to the due date', () => {
    const events = [
      makeEvent(1, { busId: 1, recordedAt: '2026-11-19T10:00:00.000Z' }),
      makeEvent(2, { busId: 2, recordedAt: '2026-11-20T10:00:00.000Z' }),
      // Bus 3 was accepted, then reopened: it no longer counts.
      makeEvent(3, { busId: 3, recordedAt: '2026-11-20T11:00:00.000Z' }),
    ];
    const campaign = makeCampaign({ startsOn: '2026-11-10', dueOn: '2026-11-26' });
    const points = acceptedPerDay(campaign, BUSES, events, Date.parse('2026-11-20T12:00:00.000Z'));
    expect(points).toHaveLength(14);
    expect(points.at(-1)).toEqual({ day: '2026-11-20', accepted: 1, total: 2, target: 5 });
    expect(points.at(-2)).toMatchObject({ day: '2026-11-19', accepted: 1, total: 1 });
    expect(points[0]).toMatchObject({ day: '2026-11-07', total: 0, target: 0 });
  });
});
