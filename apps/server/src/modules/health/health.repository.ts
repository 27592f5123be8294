import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';

/** Pushes not yet taken by the external system; throws when the database does not answer. */
export async function countPendingPushes(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from outbox where status in ('pending', 'processing')`,
  );
  return Number(row?.n ?? 0);
}
