import { del, get, keys } from 'idb-keyval';
import { z } from 'zod';
import { adopt, type OutboxEntry } from '../outbox/outbox.ts';

/**
 * The vehicles of §3's local cache created while offline: the outbox's vehicle creations (issue
 * 14), read from there. The agency's vehicle list itself is kept like every other list, as a saved
 * copy of its query (lib/offline/saved-copies.ts).
 */
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

/** Where an earlier version kept each agency's vehicle list (`vehicles:list:{id}`), now a saved copy. */
const LEGACY_LIST_PREFIX = 'vehicles:list:';

/** Deletes the vehicle lists an earlier version kept on its own (logout: nothing of the last user stays). */
export async function clearLegacyVehicleLists(): Promise<void> {
  try {
    for (const key of await keys()) {
      if (typeof key === 'string' && key.startsWith(LEGACY_LIST_PREFIX)) await del(key);
    }
  } catch (error) {
    console.warn('Could not delete the old vehicle lists', error);
  }
}
