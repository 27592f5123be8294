import { DEVICE_MESSAGES, type Device } from '@toolkit/contracts/devices.ts';

type AddOutcome = { ok: true; list: Device[] } | { ok: false; message: string; title: string };

const sameId = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function isListed(list: readonly Pick<Device, 'deviceId'>[], deviceId: string): boolean {
  return list.some((d) => sameId(d.deviceId, deviceId));
}

/** §5: a device joins the list once; a repeat is refused with '{id} is already in the list'. */
export function addToList(list: readonly Device[], device: Device): AddOutcome {
  if (isListed(list, device.deviceId))
    return {
      ok: false,
      title: DEVICE_MESSAGES.alreadyAdded,
      message: DEVICE_MESSAGES.inList(device.deviceId),
    };
  return { ok: true, list: [...list, device] };
}

/** §5: only the agency's unassigned devices that are not listed yet are offered. */
export function offeredDevices(devices: readonly Device[], list: readonly Device[]): Device[] {
  return devices.filter((d) => d.vehicleId === null && !isListed(list, d.deviceId));
}

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
