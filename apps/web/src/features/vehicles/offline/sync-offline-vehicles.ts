import { createVehicleBody, postVehicle } from '../api/create-vehicle.ts';
import { errorMessage, errorStatus, isNetworkError } from '../../../lib/api-error.ts';
import { readOfflineVehicles, removeOfflineVehicles } from '../../../lib/offline/vehicle-cache.ts';

export interface SyncResult {
  sent: string[];
  /** Refused by the server (e.g. the id was taken meanwhile), with its message; dropped. */
  refused: { vehicleId: string; message: string }[];
  remaining: number;
}

const running = new Map<number, Promise<SyncResult>>();

async function run(clientId: number): Promise<SyncResult> {
  const pending = await readOfflineVehicles(clientId);
  const result: SyncResult = { sent: [], refused: [], remaining: 0 };
  if (pending.length === 0) return result;
  const done: string[] = [];
  for (const vehicle of pending) {
    try {
      // The key generated offline: a replay of a request whose answer was lost is the same vehicle.
      await postVehicle(createVehicleBody(vehicle), vehicle.localId);
      result.sent.push(vehicle.vehicleId);
      done.push(vehicle.localId);
    } catch (error) {
      const status = errorStatus(error);
      if (isNetworkError(error) || status === null || status >= 500 || status === 401) break;
      result.refused.push({
        vehicleId: vehicle.vehicleId,
        message: errorMessage(error, 'Failed to create vehicle'),
      });
      done.push(vehicle.localId);
    }
  }
  await removeOfflineVehicles(clientId, done);
  result.remaining = pending.length - done.length;
  return result;
}

/** Sends the vehicles created offline for an agency, once at a time; the list is cleared after sync. */
export function syncOfflineVehicles(clientId: number): Promise<SyncResult> {
  const current = running.get(clientId);
  if (current) return current;
  const promise = run(clientId).finally(() => running.delete(clientId));
  running.set(clientId, promise);
  return promise;
}
