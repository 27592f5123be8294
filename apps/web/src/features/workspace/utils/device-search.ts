import type { Device } from '@toolkit/contracts/devices.ts';

/** The offered devices matching a search (id, name or type) and a type filter. */
export function filterOffered(
  devices: readonly Device[],
  search: string,
  type: Device['type'] | 'all',
): Device[] {
  const q = search.trim().toLowerCase();
  return devices.filter(
    (d) =>
      (type === 'all' || d.type === type) &&
      (q === '' ||
        d.deviceId.toLowerCase().includes(q) ||
        d.type.toLowerCase().includes(q) ||
        (d.name ?? '').toLowerCase().includes(q)),
  );
}
