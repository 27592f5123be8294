import { useMemo, useSyncExternalStore } from 'react';
import { offlineVehiclesIn } from '../utils/offline-vehicles.ts';
import { currentEntries, noEntriesYet, subscribe } from '../../../lib/outbox/outbox.ts';

/** Vehicles created on this phone and not yet taken by the server: the outbox's vehicle creations. */
export function useOfflineVehicles(clientId: number) {
  const entries = useSyncExternalStore(subscribe, currentEntries, noEntriesYet);
  const data = useMemo(() => offlineVehiclesIn(entries, clientId), [entries, clientId]);
  return { data };
}
