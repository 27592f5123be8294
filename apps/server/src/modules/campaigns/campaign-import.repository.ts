import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { BusState } from '@toolkit/contracts/campaigns.ts';
import type { Db } from '../../db/client.ts';
import { campaignBuses, campaigns, users, vehicles } from '../../db/schema/tables.ts';

/* The bus-list import's reads and writes: a few set-based queries per file, never one per row. */

/** Inserts per statement (6 parameters a row keeps a statement far below PostgreSQL's limit). */
const INSERT_CHUNK = 500;

/** The agency's vehicles among these fleet numbers (any case), keyed by the lower-cased number. */
export async function vehiclesByFleet(
  db: Db,
  clientId: number,
  fleetNumbers: readonly string[],
): Promise<Map<string, { id: number; fleet: string }>> {
  if (fleetNumbers.length === 0) return new Map();
  const rows = await db
    .select({ id: vehicles.id, fleet: vehicles.vehicleId })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.clientId, clientId),
        inArray(
          sql<string>`lower(${vehicles.vehicleId})`,
          fleetNumbers.map((f) => f.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.fleet.toLowerCase(), r]));
}

export interface Membership {
  busId: number;
  campaignId: number;
  campaignName: string;
  state: BusState;
  assigneeId: number | null;
  plannedOn: string | null;
  notes: string | null;
}

/**
 * Of these vehicles, the buses in this campaign or in another active one, by vehicle; with `lock`,
 * their rows are locked until the transaction ends (an import's writes see no change under them).
 */
export async function membershipsOf(
  db: Db,
  campaignId: number,
  vehicleIds: readonly number[],
  lock = false,
): Promise<Map<number, Membership>> {
  if (vehicleIds.length === 0) return new Map();
  const query = db
    .select({
      vehicleId: campaignBuses.vehicleId,
      busId: campaignBuses.id,
      campaignId: campaignBuses.campaignId,
      campaignName: campaigns.name,
      state: campaignBuses.state,
      assigneeId: campaignBuses.assigneeId,
      plannedOn: campaignBuses.plannedOn,
      notes: campaignBuses.notes,
    })
    .from(campaignBuses)
    .innerJoin(campaigns, eq(campaigns.id, campaignBuses.campaignId))
    .where(
      and(
        inArray(campaignBuses.vehicleId, [...vehicleIds]),
        or(campaignBuses.active, eq(campaignBuses.campaignId, campaignId)),
      ),
    );
  const rows = lock ? await query.for('update', { of: campaignBuses }) : await query;
  // This campaign's row wins over another's (a vehicle is in at most one active campaign).
  const out = new Map<number, Membership>();
  for (const { vehicleId, ...m } of rows)
    if (!out.has(vehicleId) || m.campaignId === campaignId) out.set(vehicleId, m);
  return out;
}

/** The agency's users named by these usernames or e-mails (any case), keyed by each lower-cased name. */
export async function agencyUsersNamed(
  db: Db,
  clientId: number,
  logins: readonly string[],
): Promise<Map<string, { id: number; name: string }>> {
  if (logins.length === 0) return new Map();
  const lower = logins.map((l) => l.toLowerCase());
  const rows = await db
    .select({ id: users.id, name: users.name, username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        sql`${users.clientIds} @> array[${clientId}::integer]`,
        or(
          inArray(sql<string>`lower(${users.username})`, lower),
          inArray(sql<string>`lower(${users.email})`, lower),
        ),
      ),
    );
  const out = new Map<string, { id: number; name: string }>();
  for (const r of rows) {
    const person = { id: r.id, name: r.name };
    out.set(r.username.toLowerCase(), person);
    if (r.email) out.set(r.email.toLowerCase(), person);
  }
  return out;
}

export interface NewBus {
  vehicleId: number;
  assigneeId: number | null;
  plannedOn: string | null;
  notes: string | null;
  state: BusState;
}

/** Adds the buses; answers how many were inserted (a concurrent add of the same vehicle is skipped). */
export async function insertImportedBuses(
  db: Db,
  campaignId: number,
  buses: readonly NewBus[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < buses.length; i += INSERT_CHUNK) {
    const rows = await db
      .insert(campaignBuses)
      .values(buses.slice(i, i + INSERT_CHUNK).map((b) => ({ campaignId, ...b })))
      .onConflictDoNothing()
      .returning({ id: campaignBuses.id });
    inserted += rows.length;
  }
  return inserted;
}

export interface BusChange {
  busId: number;
  assigneeId: number | null;
  plannedOn: string | null;
  notes: string | null;
  state: BusState;
}

/** Changes buses already in the campaign, bumping each one's version. */
export async function updateImportedBuses(db: Db, changes: readonly BusChange[]): Promise<void> {
  for (const { busId, ...patch } of changes)
    await db
      .update(campaignBuses)
      .set({ ...patch, version: sql`${campaignBuses.version} + 1`, updatedAt: new Date() })
      .where(eq(campaignBuses.id, busId));
}
