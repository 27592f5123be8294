import { DEVICE_TYPES, type Device, type DeviceType } from '@toolkit/contracts/devices.ts';

export type TypeFilter = 'all' | DeviceType;
export const SORT_KEYS = ['assignment', 'status', 'type', 'name'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export const SORT_LABELS: Record<SortKey, string> = {
  assignment: 'Assignment',
  status: 'Status',
  type: 'Type',
  name: 'Name',
};

type ListDevice = Pick<Device, 'deviceId' | 'type' | 'name' | 'status' | 'vehicleId' | 'vehicleLabel'>;

/** The types present in the list, in the order GPS, Tablet, Router, APC, Other, with counts. */
export function presentTypes(devices: readonly ListDevice[]): { type: DeviceType; count: number }[] {
  const counts = new Map<DeviceType, number>();
  for (const d of devices) counts.set(d.type, (counts.get(d.type) ?? 0) + 1);
  return DEVICE_TYPES.filter((t) => counts.has(t)).map((type) => ({ type, count: counts.get(type) ?? 0 }));
}

/** Search by device id or type (case-insensitive), then the type chip. */
export function filterDevices<T extends ListDevice>(
  devices: readonly T[],
  search: string,
  type: TypeFilter,
): T[] {
  const term = search.trim().toLowerCase();
  return devices.filter(
    (d) =>
      (type === 'all' || d.type === type) &&
      (term === '' || d.deviceId.toLowerCase().includes(term) || d.type.toLowerCase().includes(term)),
  );
}

export interface PageRange {
  start: number;
  end: number;
}

/**
 * The rows to render: the page range, or, when the focused device lies outside it, a page that
 * holds it (a device far down a list of 15,000 is shown without rendering all those before it).
 */
export function visibleRange(
  range: PageRange,
  focusIndex: number,
  total: number,
  pageSize: number,
): PageRange {
  if (focusIndex < 0 || (focusIndex >= range.start && focusIndex < range.end)) return range;
  const start = Math.max(0, Math.min(focusIndex, total - pageSize));
  return { start, end: start + pageSize };
}

/** The DOM id of a device's row, for scrolling to it. */
export function deviceDomId(deviceId: string): string {
  return `device-${deviceId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export function displayName(device: Pick<Device, 'name' | 'deviceId' | 'metadata'>): string {
  return device.name ?? device.metadata.name ?? device.deviceId;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Status order: online, warning, error, offline; type Other (non-reporting) last. */
function statusRank(d: ListDevice): number {
  if (d.type === 'Other') return 4;
  return { online: 0, warning: 1, error: 2, offline: 3 }[d.status];
}

function compareBy(key: SortKey, a: ListDevice, b: ListDevice): number {
  switch (key) {
    case 'assignment': {
      // Unassigned first, then by vehicle label.
      const aUn = a.vehicleId === null ? 0 : 1;
      const bUn = b.vehicleId === null ? 0 : 1;
      return aUn - bUn || collator.compare(a.vehicleLabel ?? '', b.vehicleLabel ?? '');
    }
    case 'status':
      return statusRank(a) - statusRank(b);
    case 'type':
      return DEVICE_TYPES.indexOf(a.type) - DEVICE_TYPES.indexOf(b.type);
    case 'name':
      return collator.compare(a.name ?? a.deviceId, b.name ?? b.deviceId);
  }
}

/** Sorts by the key in the direction; ties fall back to the device id, ascending. */
export function sortDevices<T extends ListDevice>(
  devices: readonly T[],
  key: SortKey,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...devices].sort((a, b) => sign * compareBy(key, a, b) || collator.compare(a.deviceId, b.deviceId));
}
