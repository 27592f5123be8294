import type { CampaignBus } from '@toolkit/contracts/campaigns.ts';
import { describe, expect, it } from 'vitest';
import { makeCampaignBus } from '../test-fixtures.ts';
import { matchesFleetNumber, orderMyBuses, progressText } from './bus-order.ts';

const bus = (fleetNumber: string, extra: Partial<CampaignBus> = {}) =>
  makeCampaignBus({ id: Number(fleetNumber.replace(/\D/g, '')), fleetNumber, ...extra });

describe('My buses order', () => {
  it('puts rework first, then in progress, planned, ready for review, accepted; by fleet number within', () => {
    const ordered = orderMyBuses([
      bus('1300', { state: 'accepted' }),
      bus('1210', { state: 'planned' }),
      bus('1207', { state: 'in_progress' }),
      bus('1100', { state: 'ready_for_review' }),
      bus('1209', { state: 'in_progress', reworkReason: 'After photo is blurred', reworkCount: 1 }),
      bus('998', { state: 'planned' }),
      bus('1003', { state: 'in_progress' }),
    ]);
    expect(ordered.map((b) => b.fleetNumber)).toEqual([
      '1209',
      '1003',
      '1207',
      '998',
      '1210',
      '1100',
      '1300',
    ]);
  });

  it('finds a bus by any part of its fleet number and says its progress as "5/8"', () => {
    expect(matchesFleetNumber(bus('1207'), ' 20')).toBe(true);
    expect(matchesFleetNumber(bus('1207'), '13')).toBe(false);
    expect(matchesFleetNumber(bus('1207'), '')).toBe(true);
    expect(progressText(bus('1207', { progress: { done: 5, required: 8 } }))).toBe('5/8');
  });
});
