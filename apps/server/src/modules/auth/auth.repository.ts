import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import {
  PLATFORM_RESTRICTIONS,
  USER_ROLES,
  type PlatformRestriction,
  type UserRole,
} from '@toolkit/contracts/auth.ts';
import { platformCredentials, sessions, signInFailures, users } from '../../db/schema/tables.ts';
import type { AuthUser } from '../../lib/types.ts';

type UserRow = typeof users.$inferSelect;

function toUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: roleOf(row.role),
    clientIds: row.clientIds,
    platformRestrictions: restrictionsOf(row.platformRestrictions),
    createdAt: row.createdAt.toISOString(),
  };
}

const roleOf = (role: string): UserRole =>
  (USER_ROLES as readonly string[]).includes(role) ? (role as UserRole) : 'installer';

const isRestriction = (v: string): v is PlatformRestriction =>
  (PLATFORM_RESTRICTIONS as readonly string[]).includes(v);
const restrictionsOf = (values: readonly string[]): PlatformRestriction[] => values.filter(isRestriction);

export async function upsertUser(
  db: Db,
  input: {
    username: string;
    externalId: string;
    name: string;
    email: string | null;
    clientIds: number[];
    platformRestrictions: PlatformRestriction[];
    role: UserRole;
  },
): Promise<AuthUser> {
  const [row] = await db
    .insert(users)
    .values(input)
    .onConflictDoUpdate({
      target: users.username,
      set: {
        role: input.role,
        externalId: input.externalId,
        name: input.name,
        email: input.email,
        clientIds: input.clientIds,
        platformRestrictions: input.platformRestrictions,
        updatedAt: new Date(),
      },
    })
    .returning();
  if (!row) throw new Error('user upsert returned nothing');
  return toUser(row);
}

/**
 * What the platform now says of a user (issue 32): their agencies and restrictions. Written only
 * when something changed (a write wakes every process's session cache); returns the user as now.
 */
export async function setPlatformAccess(
  db: Db,
  userId: number,
  access: { clientIds: number[]; platformRestrictions: PlatformRestriction[] },
): Promise<AuthUser | null> {
  const [current] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!current) return null;
  const same = (a: readonly unknown[], b: readonly unknown[]) =>
    a.length === b.length && [...a].sort().join() === [...b].sort().join();
  if (
    same(current.clientIds, access.clientIds) &&
    same(current.platformRestrictions, access.platformRestrictions)
  )
    return toUser(current);
  const [row] = await db
    .update(users)
    .set({ ...access, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row ? toUser(row) : null;
}

/** The user's id on the platform. */
export async function findUserExternalId(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ externalId: users.externalId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.externalId ?? null;
}

/** The platform id of a session's user. */
export async function findSessionExternalUserId(db: Db, sessionId: number): Promise<string | null> {
  const [row] = await db
    .select({ externalId: users.externalId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.externalId ?? null;
}

export async function saveCredential(
  db: Db,
  input: { sessionId: number; userId: number; sealed: string; expiresAt: Date | null },
): Promise<void> {
  await db.insert(platformCredentials).values(input).onConflictDoNothing();
}

/**
 * The user's credentials of sessions still valid (not revoked, not expired), newest first; each of
 * them is the user at the platform.
 */
export async function listLiveCredentials(
  db: Db,
  userId: number,
): Promise<{ sessionId: number; sealed: string }[]> {
  return db
    .select({ sessionId: platformCredentials.sessionId, sealed: platformCredentials.sealed })
    .from(platformCredentials)
    .innerJoin(sessions, eq(sessions.id, platformCredentials.sessionId))
    .where(
      and(
        eq(platformCredentials.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        or(isNull(platformCredentials.expiresAt), gt(platformCredentials.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(sql`${platformCredentials.sessionId} desc`)
    .limit(5);
}

export async function findSessionCredential(db: Db, sessionId: number): Promise<string | null> {
  const [row] = await db
    .select({ sealed: platformCredentials.sealed })
    .from(platformCredentials)
    .where(eq(platformCredentials.sessionId, sessionId))
    .limit(1);
  return row?.sealed ?? null;
}

/** A credential the platform no longer takes: forgotten. */
export async function deleteCredential(db: Db, sessionId: number): Promise<void> {
  await db.delete(platformCredentials).where(eq(platformCredentials.sessionId, sessionId));
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
): Promise<number> {
  const [row] = await db.insert(sessions).values(input).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
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
