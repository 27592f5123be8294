import { describe, expect, it, vi } from 'vitest';
import { makeCampaignBus } from '../test-fixtures.ts';
import { busByLabel, busForScan } from './bus-scan.ts';

const BUSES = [
  makeCampaignBus({ id: 1, fleetNumber: '1207', vin: '1FDXE45P06DA12345' }),
  makeCampaignBus({ id: 2, fleetNumber: '1300', vin: null }),
];

describe('the bus a scanned or typed label names', () => {
  it('finds a bus by its VIN (spaces, case and a Code 39 leading I ignored) or its fleet number', () => {
    expect(busByLabel('1fdxe45p06da12345', BUSES)?.id).toBe(1);
    expect(busByLabel('I1FDXE45P06DA12345', BUSES)?.id).toBe(1);
    expect(busByLabel(' 1FDX E45P 06DA 12345 ', BUSES)?.id).toBe(1);
    expect(busByLabel('1300', BUSES)?.id).toBe(2);
    expect(busByLabel('130', BUSES)).toBeNull();
    expect(busByLabel('', BUSES)).toBeNull();
  });

  it("asks the unit lookup only when no VIN or fleet number matches, and takes its bus's vehicle", async () => {
    const unitBus = vi.fn((code: string) => Promise.resolve(code === 'SN-1001' ? 1002 : null));
    expect((await busForScan('1207', BUSES, unitBus))?.id).toBe(1);
    expect(unitBus).not.toHaveBeenCalled();
    expect((await busForScan(' SN-1001 ', BUSES, unitBus))?.id).toBe(2);
    expect(unitBus).toHaveBeenCalledWith('SN-1001');
    expect(await busForScan('SN-9999', BUSES, unitBus)).toBeNull();
    expect(await busForScan('SN-1001', BUSES)).toBeNull();
  });
});
