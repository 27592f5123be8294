import { desc, eq, sql } from 'drizzle-orm';
import type { MoodEntry } from '@toolkit/contracts/moods.ts';
import type { Db } from '../../db/client.ts';
import { moodEntries } from '../../db/schema/tables.ts';

function toMood(r: typeof moodEntries.$inferSelect): MoodEntry {
  return {
    id: r.id,
    userId: r.userId,
    clientId: r.clientId,
    vehicleId: r.vehicleId,
    moodEmoji: r.moodEmoji,
    moodLabel: r.moodLabel,
    moodValue: r.moodValue,
    comment: r.comment,
    workPhase: r.workPhase,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function insertMood(db: Db, values: typeof moodEntries.$inferInsert): Promise<MoodEntry> {
  const [row] = await db.insert(moodEntries).values(values).returning();
  if (!row) throw new Error('mood insert returned nothing');
  return toMood(row);
}

export async function listMoodsByUser(db: Db, userId: number, limit: number): Promise<MoodEntry[]> {
  const rows = await db
    .select()
    .from(moodEntries)
    .where(eq(moodEntries.userId, userId))
    .orderBy(desc(moodEntries.createdAt), desc(moodEntries.id))
    .limit(limit);
  return rows.map(toMood);
}

/** Per mood label: how many entries and the sum of their values. */
export async function moodTotalsByLabel(
  db: Db,
  userId: number,
): Promise<{ label: string; count: number; total: number }[]> {
  const rows = await db
    .select({
      label: moodEntries.moodLabel,
      count: sql<number>`count(*)`,
      total: sql<number>`sum(${moodEntries.moodValue})`,
    })
    .from(moodEntries)
    .where(eq(moodEntries.userId, userId))
    .groupBy(moodEntries.moodLabel);
  return rows.map((r) => ({ label: r.label, count: Number(r.count), total: Number(r.total) }));
}
