import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, reports, users } from '../../db/schema/tables.ts';

export async function findUserName(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}

/** The agency's name as printed on a report (full name, else short name). */
export async function findAgencyName(db: Db, clientId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: clients.name, fullName: clients.fullName })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row ? (row.fullName ?? row.name) : null;
}

export async function insertReport(
  db: Db,
  values: Omit<typeof reports.$inferInsert, 'id' | 'createdAt'>,
): Promise<number> {
  const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
  if (!row) throw new Error('report insert returned nothing');
  return row.id;
}

export async function findReport(db: Db, id: number) {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row ?? null;
}
