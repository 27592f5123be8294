import { useQueryClient } from '@tanstack/react-query';
import { DEVICE_MESSAGES, type AssignDevicesInput, type Device } from '@toolkit/contracts/devices.ts';
import { useRef, useState } from 'react';
import { findAgencyDevice } from '../api/get-device.ts';
import {
  addToList,
  alreadyListed,
  expectedVehicles,
  isListed,
  movesTo,
  type ListProblem,
  type Move,
} from '../utils/assignment-list.ts';

export type AssignmentListOptions = {
  /**
   * One device at a time (Overview's quick assign, Add Device, a device's own Assign dialog): a
   * new choice replaces the last, so no repeat is refused.
   */
  single?: boolean;
  /** The devices chosen when the list starts (a device's own Assign dialog). */
  initial?: readonly Device[];
};

/**
 * The devices chosen for an assignment, in the order chosen, for every screen that assigns (§4
 * installer flow, §5): a device joins once, from a list, or by a typed or scanned id looked up in
 * the agency (§7 manual lookup); each keeps the vehicle it was seen on. Adding answers null, or the
 * problem for the screen to show: this hook shows and sends nothing (`useAssignDevices` sends).
 */
export function useAssignmentList(
  clientId: number,
  { single = false, initial = [] }: AssignmentListOptions = {},
) {
  const queryClient = useQueryClient();
  const [list, setList] = useState(initial);
  // The list as of the last change, for the handlers: a device added while a lookup is out, or
  // twice before React renders again, is counted, and `assignmentTo` sees a device just added.
  const latest = useRef(list);
  const [lookups, setLookups] = useState(0);

  const commit = (next: readonly Device[]) => {
    latest.current = next;
    setList(next);
  };

  const add = (device: Device): ListProblem | null => {
    if (single) {
      commit([device]);
      return null;
    }
    const outcome = addToList(latest.current, device);
    if (!outcome.ok) return outcome.problem;
    commit(outcome.list);
    return null;
  };

  /** A typed or scanned id, looked up afresh; another agency's device is not found. */
  const addById = async (typed: string): Promise<ListProblem | null> => {
    const wanted = typed.trim();
    if (!wanted)
      return { title: DEVICE_MESSAGES.deviceIdRequired, message: DEVICE_MESSAGES.deviceIdRequired };
    if (!single && isListed(latest.current, wanted)) return alreadyListed(wanted);
    setLookups((n) => n + 1);
    try {
      const found = await findAgencyDevice(queryClient, wanted, clientId);
      if ('device' in found) return add(found.device);
      return { title: DEVICE_MESSAGES.notFound, message: found.message };
    } finally {
      setLookups((n) => n - 1);
    }
  };

  const remove = (deviceId: string) => commit(latest.current.filter((d) => d.deviceId !== deviceId));
  const clear = () => commit([]);

  return {
    /** The chosen devices, as last rendered. */
    list,
    /** A typed or scanned id is being looked up. */
    looking: lookups > 0,
    add,
    addById,
    remove,
    clear,
    /** The chosen devices on another vehicle than `vehicleId`: §4 asks before moving them. */
    movesTo: (vehicleId: number): Move[] => movesTo(list, vehicleId),
    /** The chosen devices onto `vehicleId`, with where each was seen (`expected`), for `useAssignDevices`. */
    assignmentTo: (vehicleId: number): AssignDevicesInput => ({
      deviceIds: latest.current.map((d) => d.deviceId),
      vehicleId,
      clientId,
      expected: expectedVehicles(latest.current),
    }),
  };
}
