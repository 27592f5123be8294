import { useMemo } from 'react';
import { useOfflineVehicles } from '../api/get-offline-vehicles.ts';
import { useVehicles } from '../api/get-vehicles.ts';
import { mergeVehicles } from '../utils/vehicle-list.ts';

/** The agency's vehicles (server or local cache) with the offline-created ones still to send. */
export function useVehicleList(clientId: number) {
  const list = useVehicles(clientId);
  const offline = useOfflineVehicles(clientId);
  const items = useMemo(
    () => mergeVehicles(list.data?.vehicles ?? [], offline.data),
    [list.data, offline.data],
  );
  return { list, items };
}
