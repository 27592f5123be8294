import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../../test/fixtures.ts';
import { findInIndex, findSavedDevice, scanVerdict, type ScannedUnit } from './unit-match.ts';

const unit = (overrides: Partial<ScannedUnit> = {}): ScannedUnit => ({
  id: 1,
  serial: 'SN-1001',
  imei: '356307042441013',
  iccid: '8901260882290000007',
  deviceType: 'GPS',
  status: 'in_stock',
  deviceId: null,
  bus: null,
  ...overrides,
});

describe('the unit scan’s matching', () => {
  it('finds a unit of the saved index by serial (any case), IMEI or ICCID, the candidates in order', () => {
    const a = unit();
    const b = unit({ id: 2, serial: 'SN-2002', imei: null, iccid: null });
    expect(findInIndex([a, b], ['sn-2002'])).toBe(b);
    expect(findInIndex([a, b], ['356307042441013'])).toBe(a);
    expect(findInIndex([a, b], ['8901260882290000007'])).toBe(a);
    expect(findInIndex([a, b], ['nothing', 'SN-2002', 'SN-1001'])).toBe(b);
    expect(findInIndex([a, b], ['SN-3003'])).toBeNull();
  });

  it('finds a saved device by its id only', () => {
    const device = makeDevice('GPS-100', 'GPS', { imei: '356307042441013' });
    expect(findSavedDevice([device], ['x', 'GPS-100'])).toBe(device);
    expect(findSavedDevice([device], ['356307042441013'])).toBeNull();
  });

  it('offers a unit in stock for creation, named by its type, serial and IMEI, with the IMEI as its id', () => {
    expect(scanVerdict('SN-1001', { unit: unit(), device: null, installedOn: null })).toEqual({
      kind: 'create',
      unit: unit(),
      label: 'Create GPS from shipment SN-1001 (IMEI 356307042441013)',
      uniqueId: '356307042441013',
    });
    const router = unit({ deviceType: 'Router', imei: null, serial: 'RT-9' });
    expect(scanVerdict('RT-9', { unit: router, device: null, installedOn: null })).toMatchObject({
      label: 'Create Router from shipment RT-9',
      uniqueId: 'RT-9',
    });
  });

  it('refuses an installed or faulty unit in the design’s words; says when nothing matches', () => {
    const bus = { vehicleId: 13, fleetNumber: '1003' };
    expect(
      scanVerdict('x', { unit: unit({ status: 'installed', bus }), device: null, installedOn: null }),
    ).toEqual({
      kind: 'refused',
      message: 'SN-1001 is already installed on bus 1003',
    });
    expect(
      scanVerdict('x', { unit: unit({ status: 'installed' }), device: null, installedOn: bus }),
    ).toMatchObject({ message: 'SN-1001 is already installed on bus 1003' });
    expect(scanVerdict('x', { unit: unit({ status: 'faulty' }), device: null, installedOn: null })).toEqual({
      kind: 'refused',
      message: 'SN-1001 is marked faulty; use another unit',
    });
    expect(scanVerdict(' XYZ ', null)).toEqual({ kind: 'none', message: 'No unit or device matches "XYZ".' });
  });

  it('adds the device the unit became, or the device the code named', () => {
    const device = makeDevice('GPS-9', 'GPS', { vehicleId: null, vehicleLabel: null });
    expect(scanVerdict('x', { unit: unit({ deviceId: 'GPS-9' }), device, installedOn: null })).toEqual({
      kind: 'device',
      device,
    });
    expect(scanVerdict('x', { unit: null, device, installedOn: null })).toEqual({ kind: 'device', device });
  });
});
