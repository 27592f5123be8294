import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { BusState, CampaignStatus } from '@toolkit/contracts/campaigns.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import {
  campaignBuses,
  campaignBusItems,
  installationPhotos,
  shipmentUnits,
  vehicles,
} from '../../db/schema/tables.ts';

/** A bus as a write sees it, its row locked until the write's transaction ends. */
export interface LockedBus {
  id: number;
  campaignId: number;
  campaignName: string;
  campaignStatus: CampaignStatus;
  clientId: number;
  vehicleId: number;
  fleetNumber: string;
  state: BusState;
  assignee: { id: number; name: string } | null;
  blocked: boolean;
  version: number;
  hasExceptions: boolean;
}

/**
 * One bus, locked (`FOR UPDATE`: concurrent writes to it wait, then see what the first did)
 * unless `lock` is false.
 */
export async function lockBus(db: Db, busId: number, lock = true): Promise<LockedBus | null> {
  // The lock first, on the bus alone: a write that waited for it then reads the committed row and
  // its joins afresh (a `FOR UPDATE` over a join re-reads only the locked row after a wait).
  if (lock) await db.execute(sql`select id from campaign_buses where id = ${busId} for update`);
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select cb.id, cb.campaign_id, c.name as campaign_name, c.status as campaign_status, c.client_id,
        cb.vehicle_id, v.vehicle_id as fleet, cb.state, cb.assignee_id, u.name as assignee_name,
        cb.blocker_code is not null as blocked, cb.version,
        coalesce(cb.exceptions::text, '{}') <> '{}' as has_exceptions
      from campaign_buses cb join campaigns c on c.id = cb.campaign_id join vehicles v on v.id = cb.vehicle_id
      left join users u on u.id = cb.assignee_id
      where cb.id = ${busId}`,
  );
  if (!r) return null;
  const assigneeId = r.assignee_id === null ? null : Number(r.assignee_id);
  return {
    id: Number(r.id),
    campaignId: Number(r.campaign_id),
    campaignName: String(r.campaign_name),
    campaignStatus: r.campaign_status === 'closed' ? 'closed' : 'active',
    clientId: Number(r.client_id),
    vehicleId: Number(r.vehicle_id),
    fleetNumber: String(r.fleet),
    state: r.state as BusState,
    assignee: assigneeId === null ? null : { id: assigneeId, name: String(r.assignee_name) },
    blocked: r.blocked === true,
    version: Number(r.version),
    hasExceptions: r.has_exceptions === true,
  };
}

type BusPatch = Partial<
  Omit<typeof campaignBuses.$inferInsert, 'id' | 'campaignId' | 'vehicleId' | 'version'>
>;

/**
 * Changes a bus and bumps its version (accept, reject and reopen carry the one seen); `rework`
 * counts one more round of rework.
 */
export async function updateBus(
  db: Db,
  busId: number,
  patch: BusPatch,
  opts: { rework?: boolean } = {},
): Promise<void> {
  await db
    .update(campaignBuses)
    .set({
      ...patch,
      ...(opts.rework ? { reworkCount: sql`${campaignBuses.reworkCount} + 1` } : {}),
      version: sql`${campaignBuses.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(campaignBuses.id, busId));
}

/** A manual tick or "not applicable" mark; `null` state removes it. */
export async function setMark(
  db: Db,
  busId: number,
  key: string,
  mark: { state: 'done' | 'na'; note: string | null; setBy: number; setAt: Date } | null,
): Promise<void> {
  if (!mark) {
    await db
      .delete(campaignBusItems)
      .where(and(eq(campaignBusItems.busId, busId), eq(campaignBusItems.key, key)));
    return;
  }
  await db
    .insert(campaignBusItems)
    .values({ busId, key, ...mark })
    .onConflictDoUpdate({ target: [campaignBusItems.busId, campaignBusItems.key], set: mark });
}

export async function findMark(db: Db, busId: number, key: string): Promise<'done' | 'na' | null> {
  const [row] = await db
    .select({ state: campaignBusItems.state })
    .from(campaignBusItems)
    .where(and(eq(campaignBusItems.busId, busId), eq(campaignBusItems.key, key)))
    .limit(1);
  return row?.state ?? null;
}

/** The agency's vehicles among these ids, with their fleet numbers. */
export async function agencyVehicles(
  db: Db,
  clientId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: vehicles.id, fleet: vehicles.vehicleId })
    .from(vehicles)
    .where(and(eq(vehicles.clientId, clientId), inArray(vehicles.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.fleet]));
}

/** Of these vehicles, those already in this campaign or in another active one: the campaign's name. */
export async function vehicleMemberships(
  db: Db,
  campaignId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const rows = await queryRows<{ vehicle_id: number; name: string }>(
    db,
    sql`select cb.vehicle_id, c.name from campaign_buses cb join campaigns c on c.id = cb.campaign_id
      where cb.vehicle_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and (cb.active or cb.campaign_id = ${campaignId})`,
  );
  return new Map(rows.map((r) => [Number(r.vehicle_id), r.name]));
}

export async function insertBuses(
  db: Db,
  campaignId: number,
  vehicleIds: readonly number[],
): Promise<{ id: number; vehicleId: number }[]> {
  if (vehicleIds.length === 0) return [];
  return db
    .insert(campaignBuses)
    .values(vehicleIds.map((vehicleId) => ({ campaignId, vehicleId })))
    .onConflictDoNothing()
    .returning({ id: campaignBuses.id, vehicleId: campaignBuses.vehicleId });
}

/** Whether the photo is one of this vehicle's (a blocker's photo must be of its bus). */
export async function isPhotoOf(db: Db, photoId: number, vehicleId: number): Promise<boolean> {
  const rows = await db
    .select({ id: installationPhotos.id })
    .from(installationPhotos)
    .where(and(eq(installationPhotos.id, photoId), eq(installationPhotos.vehicleId, vehicleId)))
    .limit(1);
  return rows.length > 0;
}

export async function deleteBus(db: Db, busId: number): Promise<void> {
  await db.delete(campaignBuses).where(eq(campaignBuses.id, busId));
}

/** A shipment unit of the agency named by a scanned code (serial, IMEI or ICCID) marked faulty. */
export async function markUnitFaulty(
  db: Db,
  clientId: number,
  code: string,
  note: string | null,
): Promise<{ id: number; serial: string } | null> {
  const upper = code.trim().toUpperCase();
  const [row] = await db
    .update(shipmentUnits)
    .set({ status: 'faulty', statusNote: note, updatedAt: new Date() })
    .where(
      and(
        eq(shipmentUnits.clientId, clientId),
        or(
          eq(shipmentUnits.serial, upper),
          eq(shipmentUnits.imei, code.trim()),
          eq(shipmentUnits.iccid, code.trim()),
        ),
      ),
    )
    .returning({ id: shipmentUnits.id, serial: shipmentUnits.serial });
  return row ?? null;
}
