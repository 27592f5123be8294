import { describe, expect, it } from 'vitest';
import { unitCodeCandidates } from './unit-codes.ts';

describe('unit code candidates (the unit scan)', () => {
  it('gives a plain code as it was typed, trimmed', () => {
    expect(unitCodeCandidates('  GPS-100 ')).toEqual(['GPS-100']);
    expect(unitCodeCandidates('SN-1001')).toEqual(['SN-1001']);
  });

  it('gives nothing for blank text', () => {
    expect(unitCodeCandidates('')).toEqual([]);
    expect(unitCodeCandidates(' \n\t ')).toEqual([]);
  });

  it('finds a 15-digit IMEI in a label, not a shorter or longer run', () => {
    expect(unitCodeCandidates('IMEI: 356307042441013')).toEqual(['IMEI: 356307042441013', '356307042441013']);
    expect(unitCodeCandidates('IMEI 35630704244101')).toEqual(['IMEI 35630704244101']);
    expect(unitCodeCandidates('Ref 1234567890123456')).toEqual(['Ref 1234567890123456']);
  });

  it('finds a 19 or 20-digit ICCID starting with 89, and no IMEI inside it', () => {
    expect(unitCodeCandidates('ICCID 89012608822900000071')).toEqual([
      'ICCID 89012608822900000071',
      '89012608822900000071',
    ]);
    expect(unitCodeCandidates('SIM 8901260882290000007')).toEqual([
      'SIM 8901260882290000007',
      '8901260882290000007',
    ]);
    // 20 digits that do not start with 89 are no ICCID.
    expect(unitCodeCandidates('X 12345678901234567890')).toEqual(['X 12345678901234567890']);
  });

  it('finds the serial after S/N or SN:, in any case and spacing', () => {
    expect(unitCodeCandidates('S/N: SN-1001')).toEqual(['S/N: SN-1001', 'SN-1001']);
    expect(unitCodeCandidates('S/N SN-1001')).toEqual(['S/N SN-1001', 'SN-1001']);
    expect(unitCodeCandidates('SN:ABC123')).toEqual(['SN:ABC123', 'ABC123']);
    expect(unitCodeCandidates('model x sn: abc-77.')).toEqual(['model x sn: abc-77.', 'abc-77']);
    // "SN" inside a word or at the start of a serial is not a serial mark.
    expect(unitCodeCandidates('ASN:123 SN-1001')).toEqual(['ASN:123 SN-1001']);
  });

  it('orders a full box label: the whole text, the IMEI, the ICCID, then the serial', () => {
    const label = 'Model LMU-2630\nS/N: SN-1001\nIMEI 356307042441013\nICCID 8901260882290000007';
    expect(unitCodeCandidates(label)).toEqual([label, '356307042441013', '8901260882290000007', 'SN-1001']);
  });

  it('gives each code once', () => {
    expect(unitCodeCandidates('356307042441013')).toEqual(['356307042441013']);
    expect(unitCodeCandidates('IMEI 356307042441013 / 356307042441013 S/N:X1 SN:X1')).toEqual([
      'IMEI 356307042441013 / 356307042441013 S/N:X1 SN:X1',
      '356307042441013',
      'X1',
    ]);
  });
});
