import { useMemo } from 'react';
import { useOfflineVehicles } from './use-offline-vehicles.ts';
import { useVehicles } from '../api/get-vehicles.ts';
import { mergeVehicles } from '../utils/vehicle-list.ts';

/**
 * The agency's vehicles (the server's or the copy kept on this phone) with the offline-created ones
 * still to send, and the Vehicle Info still to send shown on its vehicle.
 */
export function useVehicleList(clientId: number) {
  const list = useVehicles(clientId);
  const offline = useOfflineVehicles(clientId);
  const items = useMemo(
    () => mergeVehicles(list.data ?? [], offline.data, offline.edits),
    [list.data, offline.data, offline.edits],
  );
  return { list, items, edits: offline.edits };
}
