import { del, get, keys, set } from 'idb-keyval';
import { VehicleListSchema, type Vehicle } from '@toolkit/contracts/vehicles.ts';
import { z } from 'zod';
import { adopt, type OutboxEntry } from '../outbox/outbox.ts';

/**
 * The per-agency local cache of §3, in IndexedDB: the vehicle list with its last-sync time. The
 * vehicles created while offline are the outbox's vehicle creations (issue 14), read from there.
 */
const listKey = (clientId: number) => `vehicles:list:${String(clientId)}`;

const CachedListSchema = z.object({ vehicles: VehicleListSchema, syncedAt: z.number() });
export type CachedVehicleList = z.infer<typeof CachedListSchema>;

export const OfflineVehicleSchema = z.object({
  /** The Idempotency-Key of the create request, so a replay is one vehicle. */
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

export const VEHICLES_URL = '/api/vehicles';

const CreateBodySchema = z.object({
  vehicleId: z.string(),
  description: z.string().nullable(),
  clientId: z.number().int(),
});

/** The vehicles of an agency still in the outbox (created here, not yet taken by the server). */
export function offlineVehiclesIn(entries: readonly OutboxEntry[], clientId: number): OfflineVehicle[] {
  return entries.flatMap((entry) => {
    if (entry.method !== 'POST' || entry.url !== VEHICLES_URL) return [];
    const body = CreateBodySchema.safeParse(entry.body);
    if (!body.success || body.data.clientId !== clientId) return [];
    return [
      { ...body.data, localId: entry.idempotencyKey, createdAt: entry.createdAt, offline: true as const },
    ];
  });
}

const LEGACY_PREFIX = 'vehicles:offline:';

/**
 * Vehicles an earlier version of the app kept in its own offline list (`vehicles:offline:{id}`) move
 * into the outbox, with their key, so that an update loses none; then the old list is deleted.
 */
export async function adoptLegacyOfflineVehicles(): Promise<void> {
  let all: IDBValidKey[];
  try {
    all = await keys();
  } catch (error) {
    console.warn('Could not read IndexedDB keys', error);
    return;
  }
  for (const key of all) {
    if (typeof key !== 'string' || !key.startsWith(LEGACY_PREFIX)) continue;
    const parsed = OfflineListSchema.safeParse(await safeGet(key));
    for (const v of parsed.success ? parsed.data : []) {
      await adopt({
        label: `Vehicle ${v.vehicleId} created`,
        method: 'POST',
        url: VEHICLES_URL,
        body: {
          vehicleId: v.vehicleId,
          description: v.description,
          clientId: v.clientId,
          route: null,
          status: 'active',
        },
        idempotencyKey: v.localId,
        createdAt: v.createdAt,
        invalidate: [['/api/vehicles/client', v.clientId]],
      });
    }
    await del(key);
  }
}
