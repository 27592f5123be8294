import { describe, expect, it } from 'vitest';
import { groupIdentifier } from './identifier.ts';

describe('groupIdentifier', () => {
  it('splits a VIN into manufacturer, descriptor and serial section', () => {
    expect(groupIdentifier('15GGD2716D1182194', 'vin')).toEqual(['15G', 'GD2716', 'D1182194']);
  });

  it('splits an IMEI, SIM or ESN into fours, the rest in the last group', () => {
    expect(groupIdentifier('356938035643809', 'imei')).toEqual(['3569', '3803', '5643', '809']);
    expect(groupIdentifier('89014103211118510720', 'sim')).toEqual(['8901', '4103', '2111', '1851', '0720']);
  });

  it('gives the identifier back unchanged when the groups are joined', () => {
    for (const [value, kind] of [
      ['1FTFW1ET5DFC10312', 'vin'],
      ['A1B2C3D4E5', 'esn'],
      ['VIN-NOT-17', 'vin'],
    ] as const) {
      expect(groupIdentifier(value, kind).join('')).toBe(value);
    }
    expect(groupIdentifier('   ', 'imei')).toEqual([]);
  });
});
