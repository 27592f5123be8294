import type { Device } from '@toolkit/contracts/devices.ts';
import { describe, expect, it } from 'vitest';
import { filterDevices, presentTypes, sortDevices, visibleRange } from './device-list.ts';

type Row = Pick<Device, 'deviceId' | 'type' | 'name' | 'status' | 'vehicleId' | 'vehicleLabel'>;
const row = (deviceId: string, type: Device['type'], extra: Partial<Row> = {}): Row => ({
  deviceId,
  type,
  name: null,
  status: 'online',
  vehicleId: 1,
  vehicleLabel: '1001',
  ...extra,
});

const devices: Row[] = [
  row('RTR-WA1', 'Router', { name: 'Router 1002', vehicleId: 2, vehicleLabel: '1002', status: 'offline' }),
  row('4661200001', 'GPS', { name: 'GPS 1001', status: 'warning' }),
  row('HS-9', 'Other', { name: 'Headsign spare', vehicleId: null, vehicleLabel: null, status: 'offline' }),
  row('TAB-7', 'Tablet', { name: 'Tablet 1010', vehicleId: 3, vehicleLabel: '1010', status: 'error' }),
  row('4661200002', 'GPS', { name: 'GPS spare', vehicleId: null, vehicleLabel: null }),
];
const ids = (list: Row[]) => list.map((d) => d.deviceId);

describe('presentTypes', () => {
  it('lists only the types present, in §9 order, with counts', () => {
    expect(presentTypes(devices)).toEqual([
      { type: 'GPS', count: 2 },
      { type: 'Tablet', count: 1 },
      { type: 'Router', count: 1 },
      { type: 'Other', count: 1 },
    ]);
  });
});

describe('filterDevices', () => {
  it('searches by device id or type, ignoring case and spaces', () => {
    expect(ids(filterDevices(devices, ' rtr ', 'all'))).toEqual(['RTR-WA1']);
    expect(ids(filterDevices(devices, 'gps', 'all'))).toEqual(['4661200001', '4661200002']);
    expect(ids(filterDevices(devices, 'tablet', 'all'))).toEqual(['TAB-7']);
  });

  it('does not search by name', () => {
    expect(filterDevices(devices, 'spare', 'all')).toEqual([]);
  });

  it('applies the type chip together with the search', () => {
    expect(ids(filterDevices(devices, '', 'GPS'))).toEqual(['4661200001', '4661200002']);
    expect(ids(filterDevices(devices, '0002', 'GPS'))).toEqual(['4661200002']);
    expect(filterDevices(devices, 'RTR', 'GPS')).toEqual([]);
  });
});

describe('sortDevices', () => {
  it('sorts by assignment: unassigned first, then vehicle label (numeric)', () => {
    expect(ids(sortDevices(devices, 'assignment', 'asc'))).toEqual([
      '4661200002',
      'HS-9',
      '4661200001',
      'RTR-WA1',
      'TAB-7',
    ]);
    expect(ids(sortDevices(devices, 'assignment', 'desc'))).toEqual([
      'TAB-7',
      'RTR-WA1',
      '4661200001',
      '4661200002',
      'HS-9',
    ]);
  });

  it('sorts by status: online, warning, error, offline, non-reporting last', () => {
    expect(ids(sortDevices(devices, 'status', 'asc'))).toEqual([
      '4661200002',
      '4661200001',
      'TAB-7',
      'RTR-WA1',
      'HS-9',
    ]);
  });

  it('sorts by type in the order GPS, Tablet, Router, APC, Other', () => {
    expect(ids(sortDevices(devices, 'type', 'asc'))).toEqual([
      '4661200001',
      '4661200002',
      'TAB-7',
      'RTR-WA1',
      'HS-9',
    ]);
    expect(ids(sortDevices(devices, 'type', 'desc'))).toEqual([
      'HS-9',
      'RTR-WA1',
      'TAB-7',
      '4661200001',
      '4661200002',
    ]);
  });

  it('sorts by name, falling back to the device id', () => {
    const list = [...devices, row('AAA', 'APC')];
    expect(ids(sortDevices(list, 'name', 'asc'))).toEqual([
      'AAA',
      '4661200001',
      '4661200002',
      'HS-9',
      'RTR-WA1',
      'TAB-7',
    ]);
  });

  it('does not change its input', () => {
    const copy = [...devices];
    sortDevices(devices, 'name', 'desc');
    expect(devices).toEqual(copy);
  });
});

describe('visibleRange', () => {
  const page = { start: 0, end: 50 };
  it('keeps the page when nothing is focused or the focused device is on it', () => {
    expect(visibleRange(page, -1, 1000, 50)).toBe(page);
    expect(visibleRange(page, 49, 1000, 50)).toBe(page);
  });

  it('renders one page from the focused device on, kept full at the end of the list', () => {
    expect(visibleRange(page, 700, 1000, 50)).toEqual({ start: 700, end: 750 });
    expect(visibleRange(page, 990, 1000, 50)).toEqual({ start: 950, end: 1000 });
    expect(visibleRange({ start: 700, end: 750 }, 3, 1000, 50)).toEqual({ start: 3, end: 53 });
  });
});
