import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../../test/fixtures.ts';
import { filterOffered } from './device-search.ts';

const loose = { vehicleId: null, vehicleLabel: null };
const gps = makeDevice('GPS-100', 'GPS', loose);
const tablet = makeDevice('TAB-200', 'Tablet', loose);

describe('the device picker search', () => {
  it('finds offered devices by id, name or type, and by type filter', () => {
    expect(filterOffered([gps, tablet], 'tab', 'all')).toEqual([tablet]);
    expect(filterOffered([gps, tablet], '', 'GPS')).toEqual([gps]);
    expect(filterOffered([gps, tablet], 'gps', 'Tablet')).toEqual([]);
  });
});
