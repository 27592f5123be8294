import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { clients, devices, outbox, OUTBOX_KINDS, vehicles } from '../../db/schema/tables.ts';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export interface EnqueueInput {
  kind: OutboxKind;
  subject: string;
  clientId: number | null;
  deviceId: number | null;
  payload: Record<string, unknown>;
}

const LEASE = sql`now() + interval '60 seconds'`;

/**
 * Adds a pending push; if the same push is already pending it is made due now instead of added
 * twice (pushes carry the current state, not deltas, so one is enough).
 */
export async function enqueue(db: Db, input: EnqueueInput): Promise<void> {
  await db
    .insert(outbox)
    .values(input)
    .onConflictDoUpdate({
      target: [outbox.kind, outbox.subject],
      targetWhere: sql`status = 'pending'`,
      set: { nextAttemptAt: sql`now()`, payload: input.payload },
    });
}

/**
 * Leases due pushes. Rows are locked with FOR UPDATE SKIP LOCKED so several server processes can
 * share the outbox; a lease that expires (a process died mid-push) makes the row due again.
 */
export async function claim(db: Db, options: { limit: number; subject?: string }): Promise<OutboxRow[]> {
  const subjectFilter = options.subject ? sql`and o.subject = ${options.subject}` : sql``;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    update outbox set status = 'processing', locked_until = ${LEASE}, attempts = attempts + 1
    where id in (
      select o.id from outbox o
      where ((o.status = 'pending' and o.next_attempt_at <= now()) or (o.status = 'processing' and o.locked_until < now()))
        ${subjectFilter}
      order by o.id
      limit ${options.limit}
      for update skip locked
    )
    returning id`,
  );
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
}

export async function markDone(db: Db, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'done', completedAt: new Date(), lockedUntil: null, lastError: null })
    .where(eq(outbox.id, id));
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'failed', lockedUntil: null, lastError: error })
    .where(eq(outbox.id, id));
}

/** Puts the push back for a later try; if a newer one for the same subject is pending, this one is dropped. */
export async function reschedule(db: Db, row: OutboxRow, error: string, delayMs: number): Promise<void> {
  const [newer] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, row.kind), eq(outbox.subject, row.subject), eq(outbox.status, 'pending')))
    .limit(1);
  if (newer) {
    await db
      .update(outbox)
      .set({ status: 'superseded', lockedUntil: null, lastError: error })
      .where(eq(outbox.id, row.id));
    return;
  }
  await db
    .update(outbox)
    .set({
      status: 'pending',
      lockedUntil: null,
      lastError: error,
      nextAttemptAt: new Date(Date.now() + delayMs),
    })
    .where(eq(outbox.id, row.id));
}

export async function countPendingByDevice(db: Db, clientId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ deviceId: outbox.deviceId, n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(eq(outbox.clientId, clientId), inArray(outbox.status, ['pending', 'processing'])))
    .groupBy(outbox.deviceId);
  const map = new Map<number, number>();
  for (const r of rows) if (r.deviceId !== null) map.set(r.deviceId, Number(r.n));
  return map;
}

/** Subjects ('device:12') of this agency's pushes of one kind not yet done. */
export async function pendingSubjects(db: Db, clientId: number, kind: OutboxKind): Promise<Set<string>> {
  const rows = await db
    .select({ subject: outbox.subject })
    .from(outbox)
    .where(
      and(
        eq(outbox.clientId, clientId),
        eq(outbox.kind, kind),
        inArray(outbox.status, ['pending', 'processing']),
      ),
    );
  return new Set(rows.map((r) => r.subject));
}

/** A device's current local assignment, with the external ids a push needs. */
export async function findAssignmentToPush(db: Db, deviceRowId: number) {
  const [device] = await db
    .select({
      navigatorDeviceId: devices.navigatorDeviceId,
      vehicleId: devices.vehicleId,
      vehicleExternalId: vehicles.externalId,
    })
    .from(devices)
    .leftJoin(vehicles, eq(vehicles.id, devices.vehicleId))
    .where(eq(devices.id, deviceRowId))
    .limit(1);
  return device ?? null;
}

/** Records the external assignment both sides now agree on (the base of three-way sync). */
export async function setSyncedVehicle(db: Db, deviceRowId: number, vehicleExternalId: string | null) {
  await db
    .update(devices)
    .set({ syncedVehicleExternalId: vehicleExternalId })
    .where(eq(devices.id, deviceRowId));
}

export async function findDeviceRow(db: Db, deviceRowId: number) {
  const [device] = await db.select().from(devices).where(eq(devices.id, deviceRowId)).limit(1);
  return device ?? null;
}

/** A device the external system has just created: its external id, no assignment there yet. */
export async function setNavigatorDeviceId(db: Db, deviceRowId: number, externalId: string) {
  await db
    .update(devices)
    .set({ navigatorDeviceId: externalId, syncedVehicleExternalId: null, updatedAt: new Date() })
    .where(eq(devices.id, deviceRowId));
}

export async function findVehicleRow(db: Db, vehicleId: number) {
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, vehicleId)).limit(1);
  return vehicle ?? null;
}

/**
 * A vehicle made here that the platform now has too (a Traccar group): its external id, no longer
 * local, and the agency's lists stamped so every phone sees it.
 */
export async function setVehicleExternalId(db: Db, vehicleId: number, externalId: string): Promise<void> {
  await db
    .update(vehicles)
    .set({ externalId, isLocal: false, updatedAt: new Date() })
    .where(eq(vehicles.id, vehicleId));
}

/** The devices on a vehicle that the platform already knows, to push their assignment. */
export async function listKnownDevicesOn(db: Db, vehicleId: number) {
  return db
    .select({ id: devices.id, clientId: devices.clientId })
    .from(devices)
    .where(and(eq(devices.vehicleId, vehicleId), isNotNull(devices.navigatorDeviceId)));
}

/** A vehicle to create on the platform, with its agency's external id. */
export async function findVehicleToCreate(db: Db, vehicleId: number) {
  const [row] = await db
    .select({
      id: vehicles.id,
      clientId: vehicles.clientId,
      vehicleId: vehicles.vehicleId,
      description: vehicles.description,
      vin: vehicles.vin,
      make: vehicles.make,
      model: vehicles.model,
      year: vehicles.year,
      odometer: vehicles.odometer,
      externalId: vehicles.externalId,
      clientExternalId: clients.externalId,
    })
    .from(vehicles)
    .innerJoin(clients, eq(clients.id, vehicles.clientId))
    .where(eq(vehicles.id, vehicleId))
    .limit(1);
  return row ?? null;
}
