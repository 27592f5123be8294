import { del, get, keys } from 'idb-keyval';
import { z } from 'zod';
import {
  adopt,
  createKeyOf,
  kindOf,
  requestOf,
  waitingOn,
  type OutboxEntry,
} from '../../../lib/outbox/outbox.ts';
import { VEHICLE_CREATE_WRITE } from '../api/create-vehicle.ts';
import { VEHICLE_EDIT_WRITE } from '../api/update-vehicle.ts';
import { VEHICLES_URL } from '../api/get-vehicle.ts';
import { vehiclesQueryKey } from '../api/get-vehicles.ts';

/**
 * The vehicles of §3's local cache created while offline: the outbox's vehicle creations (issue
 * 14), read from there. The agency's vehicle list itself is kept like every other list, as a saved
 * copy of its query (lib/offline/saved-copies.ts).
 */
const OfflineVehicleSchema = z.object({
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

const CreateBodySchema = z.object({
  vehicleId: z.string(),
  description: z.string().nullable(),
  clientId: z.number().int(),
});

/** Vehicle Info saved for a vehicle (for one that waits for its create, held by the outbox). */
const EditBodySchema = z.object({
  vin: z.string().nullable().optional(),
  make: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  year: z.number().int().nullable().optional(),
  odometer: z.number().int().nullable().optional(),
});
type OfflineVehicleEdits = z.infer<typeof EditBodySchema>;

/**
 * The vehicles of an agency still in the outbox (created here, not yet taken by the server), with
 * what Vehicle Info saved for them meanwhile (the later edit wins), so the screens show it.
 */
export function offlineVehiclesIn(
  entries: readonly OutboxEntry[],
  clientId: number,
): (OfflineVehicle & { edits: OfflineVehicleEdits })[] {
  return entries.flatMap((entry) => {
    if (kindOf(entry) !== VEHICLE_CREATE_WRITE) return [];
    const body = CreateBodySchema.safeParse(entry.body);
    if (!body.success || body.data.clientId !== clientId) return [];
    const edits = entries.reduce<OfflineVehicleEdits>((sum, later) => {
      if (kindOf(later) !== VEHICLE_EDIT_WRITE || waitingOn(later) !== createKeyOf(entry)) return sum;
      const edit = EditBodySchema.safeParse(later.body);
      return edit.success ? { ...sum, ...edit.data } : sum;
    }, {});
    return [
      {
        ...body.data,
        localId: createKeyOf(entry),
        createdAt: entry.createdAt,
        offline: true as const,
        edits,
      },
    ];
  });
}

/**
 * Vehicle Info saved for server vehicles and not yet taken by the server, by vehicle id, the later
 * edit winning: made without signal on a server vehicle, or on one made without signal whose create
 * has gone since (its id in `serverIds`), so the screens keep showing what the installer saved
 * until the server has it. A refused edit is not shown as if it were saved.
 */
export function waitingVehicleEdits(
  entries: readonly OutboxEntry[],
  serverIds: Readonly<Record<string, number>>,
): ReadonlyMap<number, OfflineVehicleEdits> {
  const edits = new Map<number, OfflineVehicleEdits>();
  for (const entry of entries) {
    if (kindOf(entry) !== VEHICLE_EDIT_WRITE || entry.state !== 'waiting') continue;
    const request = requestOf(entry, serverIds);
    if (request === null) continue; // still on its pending vehicle
    // The vehicle it edits; an edit kept by an earlier version names it only as its URL's last part.
    const id = request.subject ?? Number(request.url.split('/').pop());
    const edit = EditBodySchema.safeParse(entry.body);
    if (!Number.isInteger(id) || id <= 0 || !edit.success) continue;
    edits.set(id, { ...edits.get(id), ...edit.data });
  }
  return edits;
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
        invalidate: [vehiclesQueryKey(v.clientId)],
      });
    }
    await del(key);
  }
}
