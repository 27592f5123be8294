import { describe, expect, it } from 'vitest';
import { deviceCounts } from '../src/modules/reports/report-content.ts';

describe('deviceCounts', () => {
  it('lists the types in the order of §9 (GPS, Tablet, Router, APC, Other), not by name', () => {
    const counts = deviceCounts([
      { type: 'Other', status: 'offline', n: 1 },
      { type: 'APC', status: 'online', n: 2 },
      { type: 'Router', status: 'online', n: 3 },
      { type: 'Tablet', status: 'warning', n: 4 },
      { type: 'GPS', status: 'online', n: 5 },
      { type: 'GPS', status: 'offline', n: 1 },
    ]);
    expect(counts.byType).toEqual([
      ['GPS', 6],
      ['Tablet', 4],
      ['Router', 3],
      ['APC', 2],
      ['Other', 1],
    ]);
    expect(counts.total).toBe(16);
  });
});
