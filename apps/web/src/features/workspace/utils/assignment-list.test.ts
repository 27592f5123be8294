import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../../test/fixtures.ts';
import { addToList, filterOffered, offeredDevices } from './assignment-list.ts';

const loose = { vehicleId: null, vehicleLabel: null };
const gps = makeDevice('GPS-100', 'GPS', loose);
const tablet = makeDevice('TAB-200', 'Tablet', loose);
const onBus = makeDevice('RTR-300', 'Router', { vehicleId: 11, vehicleLabel: '1001' });

describe('the assignment list (§5 device add to list)', () => {
  it('takes a device once; a repeat (any case) is refused with the spec message', () => {
    const first = addToList([], gps);
    expect(first).toEqual({ ok: true, list: [gps] });
    const again = addToList([gps], makeDevice('gps-100', 'GPS'));
    expect(again).toEqual({
      ok: false,
      title: 'Device already added',
      message: 'gps-100 is already in the assignment list',
    });
  });

  it('offers only unassigned devices that are not listed, searchable and by type', () => {
    const offered = offeredDevices([gps, tablet, onBus], [gps]);
    expect(offered).toEqual([tablet]);
    expect(filterOffered([gps, tablet], 'tab', 'all')).toEqual([tablet]);
    expect(filterOffered([gps, tablet], '', 'GPS')).toEqual([gps]);
    expect(filterOffered([gps, tablet], 'gps', 'Tablet')).toEqual([]);
  });
});
