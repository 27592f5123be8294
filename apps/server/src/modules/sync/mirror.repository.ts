import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { assignmentHistory, clients, devices, deviceSystems, vehicles } from '../../db/schema/tables.ts';
import { stampListChanges } from './revision.repository.ts';
import type { ProviderClient, ProviderDeviceSystem } from '../../providers/fleet/fleet-provider.ts';

export type VehicleRow = typeof vehicles.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type NewVehicle = typeof vehicles.$inferInsert;
export type NewDevice = typeof devices.$inferInsert;

/** New rows are written this many at a time (a first sign-in mirrors thousands). */
const INSERT_BATCH = 500;

export async function upsertClient(db: Db, c: ProviderClient): Promise<number | null> {
  const [row] = await db
    .insert(clients)
    .values({ externalId: c.externalId, name: c.name, fullName: c.fullName, region: c.region })
    .onConflictDoUpdate({
      target: clients.externalId,
      set: { name: c.name, fullName: c.fullName, region: c.region },
    })
    .returning({ id: clients.id });
  return row?.id ?? null;
}

/** Advisory-lock namespace of fleet pulls (the second key is the agency id). */
const PULL_LOCK_SPACE = 17_001;

/**
 * Runs `work` holding the agency's pull lock, so one process at a time pulls an agency: a
 * transaction-level advisory lock taken on a connection of its own, released at the end of the
 * work or when that connection dies with its process. The work's own queries use other
 * connections (nothing is written in the lock's transaction). With `wait` false, answers false
 * at once when another process holds the lock; with `wait`, waits for it (at most 2 minutes).
 */
export function withPullLock(
  db: Db,
  clientId: number,
  wait: boolean,
  work: () => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (wait) {
      await tx.execute(sql`set local lock_timeout = '120s'`);
      await tx.execute(sql`select pg_advisory_xact_lock(${PULL_LOCK_SPACE}, ${clientId})`);
    } else {
      const [row] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${PULL_LOCK_SPACE}, ${clientId}) as locked`,
      );
      if (row?.locked !== true) return false;
    }
    await work();
    return true;
  });
}

/** How long ago the agency was last pulled (ms), null when never; undefined when it does not exist. */
export async function lastPullAgeMs(db: Db, clientId: number): Promise<number | null | undefined> {
  const [row] = await queryRows<{ age_ms: number | string | null }>(
    db,
    sql`select (extract(epoch from (now() - synced_at)) * 1000)::float8 as age_ms
        from clients where id = ${clientId}`,
  );
  if (!row) return undefined;
  return row.age_ms === null ? null : Number(row.age_ms);
}

/** Local ids of the agencies with these external ids. */
export async function findClientIds(db: Db, externalIds: readonly string[]): Promise<number[]> {
  if (externalIds.length === 0) return [];
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(inArray(clients.externalId, [...externalIds]));
  return rows.map((r) => r.id);
}

/** Local ids of the agencies with these external ids, by external id. */
export async function findClientIdMap(db: Db, externalIds: readonly string[]): Promise<Map<string, number>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .select({ id: clients.id, externalId: clients.externalId })
    .from(clients)
    .where(inArray(clients.externalId, [...externalIds]));
  return new Map(rows.map((r) => [r.externalId, r.id]));
}

export async function findClientRow(db: Db, clientId: number) {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  return client ?? null;
}

/** Stamps the pull; the revision moves only when something changed (list caches stay valid). */
export async function markClientSynced(db: Db, clientId: number, changed: boolean): Promise<void> {
  await db
    .update(clients)
    .set({
      syncedAt: new Date(),
      vehicleCount: sql`(select count(*)::int from vehicles where client_id = ${clientId})`,
      ...(changed ? { revision: sql`${clients.revision} + 1` } : {}),
    })
    .where(eq(clients.id, clientId));
  if (changed) await stampListChanges(db, clientId);
}

export function listClientVehicles(db: Db, clientId: number): Promise<VehicleRow[]> {
  return db.select().from(vehicles).where(eq(vehicles.clientId, clientId));
}

export async function updateVehicleRow(db: Db, id: number, values: Partial<NewVehicle>): Promise<void> {
  await db
    .update(vehicles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(vehicles.id, id));
}

export async function insertVehicles(db: Db, rows: NewVehicle[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db.insert(vehicles).values(rows.slice(i, i + INSERT_BATCH));
  }
}

export async function upsertDeviceSystem(
  db: Db,
  clientId: number,
  s: ProviderDeviceSystem,
): Promise<number | null> {
  const [row] = await db
    .insert(deviceSystems)
    .values({
      clientId,
      externalId: s.externalId,
      name: s.name,
      mdt: s.mdt,
      router: s.router,
      gps: s.gps,
      apc: s.apc,
    })
    .onConflictDoUpdate({
      target: [deviceSystems.clientId, deviceSystems.externalId],
      set: { name: s.name, mdt: s.mdt, router: s.router, gps: s.gps, apc: s.apc },
    })
    .returning({ id: deviceSystems.id });
  return row?.id ?? null;
}

export function listVehicleRefs(db: Db, clientId: number) {
  return db
    .select({ id: vehicles.id, externalId: vehicles.externalId, label: vehicles.vehicleId })
    .from(vehicles)
    .where(eq(vehicles.clientId, clientId));
}

/** The agency's devices that exist in the external system. */
export function listMirroredDevices(db: Db, clientId: number): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(and(eq(devices.clientId, clientId), isNotNull(devices.navigatorDeviceId)));
}

export async function updateDeviceRow(db: Db, id: number, values: Partial<DeviceRow>): Promise<void> {
  await db
    .update(devices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(devices.id, id));
}

/** Inserts new devices (batched) and opens the assignment history of those already on a vehicle. */
export async function insertDevicesWithHistory(
  db: Db,
  fresh: { row: NewDevice; vehicle: { id: number; label: string } | null }[],
): Promise<void> {
  for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
    const batch = fresh.slice(i, i + INSERT_BATCH);
    const inserted = await db
      .insert(devices)
      .values(batch.map((b) => b.row))
      .onConflictDoNothing()
      .returning({ id: devices.id, navigatorDeviceId: devices.navigatorDeviceId });
    const vehicleOf = new Map(batch.map((b) => [b.row.navigatorDeviceId, b.vehicle]));
    const history = inserted.flatMap((d) => {
      const v = vehicleOf.get(d.navigatorDeviceId);
      return v
        ? [{ deviceId: d.id, vehicleId: v.id, vehicleLabel: v.label, source: 'navigator' as const }]
        : [];
    });
    if (history.length > 0) await db.insert(assignmentHistory).values(history);
  }
}

/** A move made in the external system: closes the open assignment, opens the new one. */
export async function recordExternalMove(
  db: Db,
  deviceRowId: number,
  to: { id: number; label: string } | null,
): Promise<void> {
  await db
    .update(assignmentHistory)
    .set({ toAt: new Date() })
    .where(and(eq(assignmentHistory.deviceId, deviceRowId), sql`${assignmentHistory.toAt} is null`));
  if (to) {
    await db
      .insert(assignmentHistory)
      .values({ deviceId: deviceRowId, vehicleId: to.id, vehicleLabel: to.label, source: 'navigator' });
  }
}

/** What a live update reads of a mirrored device. */
export type LiveDeviceRow = Pick<
  DeviceRow,
  | 'id'
  | 'navigatorDeviceId'
  | 'status'
  | 'lastHeartbeat'
  | 'signalStrength'
  | 'metadata'
  | 'vehicleId'
  | 'syncedVehicleExternalId'
>;

/** The agency's mirrored devices with these external ids. */
export function listLiveDevices(
  db: Db,
  clientId: number,
  externalIds: readonly string[],
): Promise<LiveDeviceRow[]> {
  return db
    .select({
      id: devices.id,
      navigatorDeviceId: devices.navigatorDeviceId,
      status: devices.status,
      lastHeartbeat: devices.lastHeartbeat,
      signalStrength: devices.signalStrength,
      metadata: devices.metadata,
      vehicleId: devices.vehicleId,
      syncedVehicleExternalId: devices.syncedVehicleExternalId,
    })
    .from(devices)
    .where(and(eq(devices.clientId, clientId), inArray(devices.navigatorDeviceId, [...externalIds])));
}

/** Writes live states (status, last heard, signal, metadata), many rows in one statement. */
export async function writeLiveDeviceStates(
  db: Db,
  rows: readonly Pick<DeviceRow, 'id' | 'status' | 'lastHeartbeat' | 'signalStrength' | 'metadata'>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const values = rows
      .slice(i, i + INSERT_BATCH)
      .map(
        (r) =>
          sql`(${r.id}::int, ${r.status}::text, ${r.lastHeartbeat?.toISOString() ?? null}::timestamptz, ${r.signalStrength}::int, ${JSON.stringify(r.metadata)}::jsonb)`,
      );
    await db.execute(sql`update devices d
      set status = v.status, last_heartbeat = v.heartbeat, signal_strength = v.signal,
          metadata = v.metadata, updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(id, status, heartbeat, signal, metadata)
      where d.id = v.id`);
  }
}
