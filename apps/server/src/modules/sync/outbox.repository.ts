import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import {
  assignmentHistory,
  clients,
  devices,
  outbox,
  OUTBOX_KINDS,
  vehicles,
} from '../../db/schema/tables.ts';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export interface EnqueueInput {
  kind: OutboxKind;
  subject: string;
  clientId: number | null;
  deviceId: number | null;
  payload: Record<string, unknown>;
  /** The user whose change it carries (issue 32): the push reaches the platform as them. */
  actorUserId?: number | null;
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
      // The push carries the current state: it goes as whoever changed it last.
      set: {
        nextAttemptAt: sql`now()`,
        payload: input.payload,
        ...(input.actorUserId ? { actorUserId: input.actorUserId } : {}),
      },
    });
}

/** A claimed push; `interrupted`: an earlier try was cut before its answer was recorded. */
export type ClaimedRow = OutboxRow & { interrupted: boolean };

/**
 * Leases due pushes to `holder` (this process's `server_instances.id`). Rows are locked with FOR
 * UPDATE SKIP LOCKED so several server processes can share the outbox. A row found 'processing'
 * (its lease ran out, or its holder died and it was released) comes back `interrupted`: its
 * first try may have reached the platform.
 */
export async function claim(
  db: Db,
  options: { limit: number; subject?: string; holder: string | null },
): Promise<ClaimedRow[]> {
  const subjectFilter = options.subject ? sql`and o.subject = ${options.subject}` : sql``;
  const rows = await queryRows<{ id: number; was: string }>(
    db,
    sql`
    with picked as (
      select o.id, o.status from outbox o
      where ((o.status = 'pending' and o.next_attempt_at <= now()) or (o.status = 'processing' and o.locked_until < now()))
        ${subjectFilter}
      order by o.id
      limit ${options.limit}
      for update skip locked
    )
    update outbox set status = 'processing', locked_until = ${LEASE}, attempts = attempts + 1,
      holder = ${options.holder}
    from picked where outbox.id = picked.id
    returning outbox.id, picked.status as was`,
  );
  const interrupted = new Set(rows.filter((r) => r.was === 'processing').map((r) => Number(r.id)));
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const claimed = await db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
  return claimed.map((row) => ({ ...row, interrupted: interrupted.has(row.id) }));
}

/**
 * The processes (other than `self`) holding leases not yet run out, of one subject or of all:
 * the ones among them that are not alive are released with `releaseLeasesOf`.
 */
export async function leaseHolders(db: Db, self: string, subject?: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ holder: outbox.holder })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'processing'),
        isNotNull(outbox.holder),
        ne(outbox.holder, self),
        sql`${outbox.lockedUntil} >= now()`,
        subject === undefined ? undefined : eq(outbox.subject, subject),
      ),
    );
  return rows.flatMap((r) => (r.holder === null ? [] : [r.holder]));
}

/**
 * The leases of processes that died: their rows stay 'processing' (so the next claim knows the
 * try was cut) but are due at once, not when the 60 s lease runs out.
 */
export async function releaseLeasesOf(db: Db, holders: readonly string[]): Promise<number> {
  if (holders.length === 0) return 0;
  const rows = await db
    .update(outbox)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(and(eq(outbox.status, 'processing'), inArray(outbox.holder, [...holders])))
    .returning({ id: outbox.id });
  return rows.length;
}

export async function markDone(db: Db, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'done', completedAt: new Date(), lockedUntil: null, holder: null, lastError: null })
    .where(eq(outbox.id, id));
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'failed', lockedUntil: null, holder: null, lastError: error })
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
      .set({ status: 'superseded', lockedUntil: null, holder: null, lastError: error })
      .where(eq(outbox.id, row.id));
    return;
  }
  await db
    .update(outbox)
    .set({
      status: 'pending',
      lockedUntil: null,
      holder: null,
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

/**
 * A device's current local assignment, with the external ids a push needs and what makes this
 * assignment one change: the device row's birth and its latest history row (a move, here or at
 * the platform, opens or closes one), so the same state set again later is a new push.
 */
export async function findAssignmentToPush(db: Db, deviceRowId: number) {
  const [device] = await db
    .select({
      navigatorDeviceId: devices.navigatorDeviceId,
      vehicleId: devices.vehicleId,
      vehicleExternalId: vehicles.externalId,
      createdAt: devices.createdAt,
    })
    .from(devices)
    .leftJoin(vehicles, eq(vehicles.id, devices.vehicleId))
    .where(eq(devices.id, deviceRowId))
    .limit(1);
  if (!device) return null;
  const [latest] = await db
    .select({ id: assignmentHistory.id, fromAt: assignmentHistory.fromAt, toAt: assignmentHistory.toAt })
    .from(assignmentHistory)
    .where(eq(assignmentHistory.deviceId, deviceRowId))
    .orderBy(desc(assignmentHistory.id))
    .limit(1);
  return { ...device, latestMove: latest ?? null };
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

/** A vehicle to create on the platform (or to update there), with its agency's external id. */
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
      updatedAt: vehicles.updatedAt,
      clientExternalId: clients.externalId,
    })
    .from(vehicles)
    .innerJoin(clients, eq(clients.id, vehicles.clientId))
    .where(eq(vehicles.id, vehicleId))
    .limit(1);
  return row ?? null;
}

/**
 * The user's pushes waiting for a credential of theirs are due now (issue 32): called when they
 * sign in, so what waited for them goes at once instead of at its next look.
 */
export async function wakePushesOf(db: Db, userId: number): Promise<void> {
  await db
    .update(outbox)
    .set({ nextAttemptAt: new Date() })
    .where(and(eq(outbox.actorUserId, userId), eq(outbox.status, 'pending')));
}
