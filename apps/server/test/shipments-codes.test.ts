import { describe, expect, it } from 'vitest';
import {
  isE164,
  isExcelShortened,
  isValidIccid,
  isValidImei,
  luhnValid,
  normalizeSerial,
  shipmentDeviceType,
} from '@toolkit/contracts/shipments.ts';
import { checkRow, differenceOf } from '../src/modules/shipments/shipment-rows.ts';

/** The codes of a packing list: IMEI and ICCID with their Luhn check digit, phones, types, serials. */

describe('unit codes', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('7992739871a')).toBe(false);
  });

  it('an IMEI is 15 digits whose last is the Luhn check digit', () => {
    expect(isValidImei('356307042441013')).toBe(true);
    expect(isValidImei('490154203237518')).toBe(true);
    expect(isValidImei('352099001761482')).toBe(false); // the design's typo
    expect(isValidImei('35630704244101')).toBe(false); // 14 digits
    expect(isValidImei('3563070424410130')).toBe(false); // 16 digits
    expect(isValidImei('35630704244101X')).toBe(false);
  });

  it('an ICCID is 19 or 20 digits starting with 89, with its Luhn check digit', () => {
    expect(isValidIccid('8914800000241000013')).toBe(true); // 19
    expect(isValidIccid('89014103211118510720')).toBe(true); // 20
    expect(isValidIccid('8914800000241000012')).toBe(false); // check digit
    expect(isValidIccid('7914800000241000013')).toBe(false); // not 89
    expect(isValidIccid('891480000024100001')).toBe(false); // 18 digits
    expect(isValidIccid('891401032111185107201')).toBe(false); // 21 digits
  });

  it('phones in E.164; Excel’s shortened numbers; device types in any case; serials upper-cased', () => {
    expect(isE164('+15551234567')).toBe(true);
    expect(isE164('15551234567')).toBe(false);
    expect(isE164('+0123456789')).toBe(false);
    expect(isE164('+1234567890123456')).toBe(false);
    expect(isExcelShortened('3.56307E+14')).toBe(true);
    expect(isExcelShortened('8.91480E+18')).toBe(true);
    expect(isExcelShortened('356307042441013')).toBe(false);
    expect(['gps', 'TABLET', 'router', 'Apc', 'OTHER', 'headsign', 'modem'].map(shipmentDeviceType)).toEqual([
      'GPS',
      'Tablet',
      'Router',
      'APC',
      'Other',
      'Other',
      null,
    ]);
    expect(normalizeSerial('  sn-1001 ')).toBe('SN-1001');
  });
});

describe('a packing-list row on its own', () => {
  const values = {
    serial: 'sn-1',
    deviceType: 'gps',
    imei: '356307042441013',
    iccid: '8914800000241000013',
    phone: '+1 555 010 0001',
    model: 'FMC130',
    box: 'B1',
  };

  it('normalizes a good row into a unit', () => {
    expect(checkRow({ row: 2, values })).toEqual({
      unit: {
        serial: 'SN-1',
        deviceType: 'GPS',
        imei: '356307042441013',
        iccid: '8914800000241000013',
        phone: '+15550100001',
        model: 'FMC130',
        box: 'B1',
      },
      errors: [],
    });
  });

  it('tells a shortened cell once, not also as a bad IMEI', () => {
    expect(checkRow({ row: 5, values: { ...values, imei: '3.56307E+14' } }).errors).toEqual([
      'Row 5: "3.56307E+14" looks like a number Excel shortened. Format the column as Text, paste the values again and re-export.',
    ]);
  });

  it('names the first field that differs from the stored unit, and only columns the file has', () => {
    const unit = checkRow({ row: 2, values }).unit;
    if (!unit) throw new Error('no unit');
    const stored = { ...unit, reference: 'PO-1', model: 'Other model', box: null };
    expect(differenceOf(unit, stored, new Set(['serial', 'deviceType', 'imei', 'model', 'box']))).toEqual({
      field: 'model',
      mine: 'FMC130',
      stored: 'Other model',
    });
    expect(differenceOf(unit, stored, new Set(['serial', 'deviceType', 'imei']))).toBeNull();
  });
});
