import { useMemo, useSyncExternalStore } from 'react';
import { offlineVehiclesIn, waitingVehicleEdits } from '../utils/offline-vehicles.ts';
import { currentEntries, knownServerIds, noEntriesYet, subscribe } from '../../../lib/outbox/outbox.ts';

/**
 * Vehicles created on this phone and not yet taken by the server (the outbox's vehicle creations),
 * and the Vehicle Info kept for server vehicles (`edits`, by id).
 */
export function useOfflineVehicles(clientId: number) {
  const entries = useSyncExternalStore(subscribe, currentEntries, noEntriesYet);
  const data = useMemo(() => offlineVehiclesIn(entries, clientId), [entries, clientId]);
  // The ids are set before the outbox's list changes, so they are current whenever `entries` is.
  const edits = useMemo(() => waitingVehicleEdits(entries, knownServerIds()), [entries]);
  return { data, edits };
}
