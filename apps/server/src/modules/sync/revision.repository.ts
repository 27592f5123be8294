import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import type { BusState } from '../../lib/bus-reads.ts';
import { clients, listTombstones, type LIST_KINDS } from '../../db/schema/tables.ts';

/**
 * Marks an agency's fleet data as changed: list caches and ETags key on the revision. The rows
 * changed in this transaction are stamped with the new revision (delta sync, decision 022).
 */
export async function bumpRevision(db: Db, clientId: number): Promise<void> {
  await db
    .update(clients)
    .set({ revision: sql`${clients.revision} + 1` })
    .where(eq(clients.id, clientId));
  await stampListChanges(db, clientId);
}

/** Stamps the agency's changed rows and tombstones with its current revision (decision 022). */
export async function stampListChanges(db: Db, clientId: number): Promise<void> {
  await db.execute(sql`select stamp_list_changes(${clientId})`);
}

export async function getRevision(db: Db, clientId: number): Promise<number | null> {
  const [row] = await db
    .select({ revision: clients.revision })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row?.revision ?? null;
}

/** The agency's revision and the oldest revision a delta can start from; null when it does not exist. */
export async function getDeltaWindow(
  db: Db,
  clientId: number,
): Promise<{ revision: number; floor: number } | null> {
  const [row] = await db
    .select({ revision: clients.revision, floor: clients.deltaFloor })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row ?? null;
}

/** Ids of rows of this kind that left the agency's list after revision `since`. */
export async function removedSince(
  db: Db,
  clientId: number,
  kind: (typeof LIST_KINDS)[number],
  since: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: listTombstones.rowId })
    .from(listTombstones)
    .where(
      and(
        eq(listTombstones.clientId, clientId),
        eq(listTombstones.kind, kind),
        or(isNull(listTombstones.rev), gt(listTombstones.rev, since)),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * What a bus's reads are keyed by (decision 051), in one indexed query: its agency, that agency's
 * revision and last pull, and the bus's own revision (0 until its records first change); null
 * when there is no such vehicle.
 */
export async function getBusState(db: Db, vehicleId: number): Promise<BusState | null> {
  const [row] = await queryRows<{
    client_id: number;
    revision: number;
    synced_at: Date | string | null;
    vehicle_revision: number | null;
  }>(
    db,
    sql`select v.client_id, c.revision, c.synced_at, r.revision as vehicle_revision
        from vehicles v join clients c on c.id = v.client_id
        left join vehicle_revisions r on r.vehicle_id = v.id
        where v.id = ${vehicleId}`,
  );
  if (!row) return null;
  return {
    clientId: Number(row.client_id),
    revision: Number(row.revision),
    syncedAt: row.synced_at === null ? null : new Date(row.synced_at).toISOString(),
    vehicleRevision: Number(row.vehicle_revision ?? 0),
  };
}
