import { DEVICE_MESSAGES, type Device } from '@toolkit/contracts/devices.ts';

/** Why a device did not join the list: a toast's title and the field's message (§5, §8). */
export type ListProblem = { title: string; message: string };

/** A chosen device on another vehicle, named by that vehicle as shown (§4 reassign). */
export type Move = { deviceId: string; from: string };

type AddOutcome = { ok: true; list: Device[] } | { ok: false; problem: ListProblem };

const sameId = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function isListed(list: readonly Pick<Device, 'deviceId'>[], deviceId: string): boolean {
  return list.some((d) => sameId(d.deviceId, deviceId));
}

/** §5: '{id} is already in the assignment list', under 'Device already added'. */
export const alreadyListed = (deviceId: string): ListProblem => ({
  title: DEVICE_MESSAGES.alreadyAdded,
  message: DEVICE_MESSAGES.inList(deviceId),
});

/** §5: a device joins the list once; a repeat (any case) is refused. */
export function addToList(list: readonly Device[], device: Device): AddOutcome {
  if (isListed(list, device.deviceId)) return { ok: false, problem: alreadyListed(device.deviceId) };
  return { ok: true, list: [...list, device] };
}

/** §5: only the agency's unassigned devices that are not listed yet are offered. */
export function offeredDevices(devices: readonly Device[], list: readonly Device[]): Device[] {
  return devices.filter((d) => d.vehicleId === null && !isListed(list, d.deviceId));
}

/** §4: the listed devices that are on another vehicle than `vehicleId`: moved only once confirmed. */
export function movesTo(list: readonly Device[], vehicleId: number): Move[] {
  return list
    .filter((d) => d.vehicleId !== null && d.vehicleId !== vehicleId)
    .map((d) => ({ deviceId: d.deviceId, from: d.vehicleLabel ?? String(d.vehicleId) }));
}

/**
 * Where the installer saw each listed device when it was chosen (its vehicle's row id, null for a
 * spare): sent as the assignment's `expected`, so a device moved meanwhile comes back as a conflict.
 */
export function expectedVehicles(list: readonly Device[]): { deviceId: string; vehicleId: number | null }[] {
  return list.map((d) => ({ deviceId: d.deviceId, vehicleId: d.vehicleId }));
}
