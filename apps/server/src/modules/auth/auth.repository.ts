import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
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
    deviceHash: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values(input);
}

export async function findSessionUser(
  db: Db,
  tokenHash: string,
): Promise<{ sessionId: number; lastUsedAt: Date; expiresAt: Date; user: AuthUser } | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    )
    .limit(1);
  return row
    ? {
        sessionId: row.sessionId,
        lastUsedAt: row.lastUsedAt,
        expiresAt: row.expiresAt,
        user: toUser(row.user),
      }
    : null;
}

export async function touchSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** The local user a login string names (username or e-mail, any case), if any. */
export async function findUserIdByLogin(db: Db, login: string): Promise<number | null> {
  const who = login.trim().toLowerCase();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.username, who), sql`lower(${users.email}) = ${who}`))
    .limit(1);
  return row?.id ?? null;
}

/** True when this device (its cookie's hash) has signed in to the user's account before. */
export async function isKnownDevice(db: Db, userId: number, deviceHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceHash, deviceHash)))
    .limit(1);
  return row !== undefined;
}
