import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/tables.ts';

/** Marks an agency's fleet data as changed: list caches and ETags key on the revision. */
export async function bumpRevision(db: Db, clientId: number): Promise<void> {
  await db
    .update(clients)
    .set({ revision: sql`${clients.revision} + 1` })
    .where(eq(clients.id, clientId));
}

export async function getRevision(db: Db, clientId: number): Promise<number | null> {
  const [row] = await db
    .select({ revision: clients.revision })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row?.revision ?? null;
}
