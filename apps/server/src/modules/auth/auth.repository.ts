import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/tables.ts';
import type { AuthUser } from '../../lib/types.ts';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'installer',
    clientIds: row.clientIds,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function upsertUser(
  db: Db,
  input: { username: string; externalId: string; name: string; email: string | null; clientIds: number[] },
): Promise<AuthUser> {
  const [row] = await db
    .insert(users)
    .values({ ...input, role: 'installer' })
    .onConflictDoUpdate({
      target: users.username,
      set: {
        externalId: input.externalId,
        name: input.name,
        email: input.email,
        clientIds: input.clientIds,
        updatedAt: new Date(),
      },
    })
    .returning();
  if (!row) throw new Error('user upsert returned nothing');
  return toUser(row);
}

export async function createSession(
  db: Db,
  input: {
    tokenHash: string;
    userId: number;
    rememberMe: boolean;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values(input);
}

export async function findSessionUser(
  db: Db,
  tokenHash: string,
): Promise<{ sessionId: number; lastUsedAt: Date; user: AuthUser } | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    )
    .limit(1);
  return row ? { sessionId: row.sessionId, lastUsedAt: row.lastUsedAt, user: toUser(row.user) } : null;
}

export async function touchSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}
