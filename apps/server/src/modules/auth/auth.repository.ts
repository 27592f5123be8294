import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { sessions, signInFailures, users } from '../../db/schema/tables.ts';
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

/** The local user mirrored from the fleet system's account `externalId`, if it signed in here before. */
export async function findUserIdByExternalId(db: Db, externalId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.externalId, externalId))
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

/** The failure counts of these limiter keys, with the age of each key's last failure. */
export async function readSignInFailures(
  db: Db,
  keys: readonly string[],
): Promise<Map<string, { count: number; ageMs: number }>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<{ key: string; count: number; age_ms: number | string }>(
    db,
    sql`select key, count, (extract(epoch from (now() - last_at)) * 1000)::float8 as age_ms
        from sign_in_failures where key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.key, { count: Number(r.count), ageMs: Number(r.age_ms) }]));
}

/**
 * Counts one failure against each key, atomically whichever process records it; a key whose
 * last failure is older than `forgetAfterMs` starts again from one.
 */
export async function recordSignInFailures(
  db: Db,
  keys: readonly string[],
  forgetAfterMs: number,
): Promise<void> {
  for (const key of keys) {
    await db
      .insert(signInFailures)
      .values({ key, count: 1 })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          count: sql`case when ${signInFailures.lastAt} < now() - ${forgetAfterMs}::float8 * interval '1 millisecond'
            then 1 else ${signInFailures.count} + 1 end`,
          lastAt: sql`now()`,
        },
      });
  }
}

export async function clearSignInFailures(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(signInFailures).where(inArray(signInFailures.key, [...keys]));
}

/** Forgets keys with no failure for `olderThanMs` (the table stays small). */
export async function pruneSignInFailures(db: Db, olderThanMs: number): Promise<void> {
  await db
    .delete(signInFailures)
    .where(sql`${signInFailures.lastAt} < now() - ${olderThanMs}::float8 * interval '1 millisecond'`);
}
