import { describe, expect, it } from 'vitest';
import { deviceTypeCounts } from './device-type-counts.ts';

describe('deviceTypeCounts', () => {
  it('lists the types in the order GPS, Tablet, Router, APC, Other whatever the input order', () => {
    const counts = deviceTypeCounts({ Other: 5, APC: 4, Router: 3, Tablet: 2, GPS: 1 });
    expect(counts).toEqual([
      { type: 'GPS', count: 1 },
      { type: 'Tablet', count: 2 },
      { type: 'Router', count: 3 },
      { type: 'APC', count: 4 },
      { type: 'Other', count: 5 },
    ]);
  });
});
