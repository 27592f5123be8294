import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../../test/fixtures.ts';
import { addToList, expectedVehicles, movesTo, offeredDevices } from './assignment-list.ts';

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
      problem: { title: 'Device already added', message: 'gps-100 is already in the assignment list' },
    });
  });

  it('offers only unassigned devices that are not listed', () => {
    expect(offeredDevices([gps, tablet, onBus], [gps])).toEqual([tablet]);
  });

  it('names the devices on another vehicle, and where each was seen', () => {
    expect(movesTo([gps, onBus], 11)).toEqual([]);
    expect(movesTo([gps, onBus], 12)).toEqual([{ deviceId: 'RTR-300', from: '1001' }]);
    expect(movesTo([{ ...onBus, vehicleLabel: null }], 12)).toEqual([{ deviceId: 'RTR-300', from: '11' }]);
    expect(expectedVehicles([gps, onBus])).toEqual([
      { deviceId: 'GPS-100', vehicleId: null },
      { deviceId: 'RTR-300', vehicleId: 11 },
    ]);
  });
});
