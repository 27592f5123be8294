import { del, get, set } from 'idb-keyval';
import { VehicleListSchema, type Vehicle } from '@toolkit/contracts/vehicles.ts';
import { z } from 'zod';

/**
 * The per-agency local cache of §3, in IndexedDB: the vehicle list with its last-sync time, and
 * the vehicles created while offline (generated id, createdAt, offline flag) waiting to be sent.
 */
const listKey = (clientId: number) => `vehicles:list:${String(clientId)}`;
const offlineKey = (clientId: number) => `vehicles:offline:${String(clientId)}`;

const CachedListSchema = z.object({ vehicles: VehicleListSchema, syncedAt: z.number() });
export type CachedVehicleList = z.infer<typeof CachedListSchema>;

export const OfflineVehicleSchema = z.object({
  /** Generated here; also the Idempotency-Key of the create request, so a replay is one vehicle. */
  localId: z.string(),
  vehicleId: z.string(),
  description: z.string().nullable(),
  clientId: z.number().int(),
  createdAt: z.string(),
  offline: z.literal(true),
});
export type OfflineVehicle = z.infer<typeof OfflineVehicleSchema>;
const OfflineListSchema = z.array(OfflineVehicleSchema);

async function safeGet(key: string): Promise<unknown> {
  try {
    return await get(key);
  } catch (error) {
    console.warn(`Could not read ${key} from IndexedDB`, error);
    return undefined;
  }
}

export async function readCachedVehicles(clientId: number): Promise<CachedVehicleList | null> {
  const parsed = CachedListSchema.safeParse(await safeGet(listKey(clientId)));
  return parsed.success ? parsed.data : null;
}

export async function writeCachedVehicles(
  clientId: number,
  vehicles: Vehicle[],
  syncedAt: number,
): Promise<void> {
  try {
    await set(listKey(clientId), { vehicles, syncedAt });
  } catch (error) {
    console.warn('Could not write the vehicle cache to IndexedDB', error);
  }
}

export async function readOfflineVehicles(clientId: number): Promise<OfflineVehicle[]> {
  const parsed = OfflineListSchema.safeParse(await safeGet(offlineKey(clientId)));
  return parsed.success ? parsed.data : [];
}

/** Serialises changes to the offline list, so an add during a sync is never lost. */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

export function addOfflineVehicle(vehicle: OfflineVehicle): Promise<void> {
  return serial(async () => {
    const list = await readOfflineVehicles(vehicle.clientId);
    await set(offlineKey(vehicle.clientId), [...list.filter((v) => v.localId !== vehicle.localId), vehicle]);
  });
}

/** Drops the given offline vehicles; the key is deleted when none remain (§4: cleared after sync). */
export function removeOfflineVehicles(clientId: number, localIds: readonly string[]): Promise<void> {
  return serial(async () => {
    const remaining = (await readOfflineVehicles(clientId)).filter((v) => !localIds.includes(v.localId));
    if (remaining.length === 0) await del(offlineKey(clientId));
    else await set(offlineKey(clientId), remaining);
  });
}
