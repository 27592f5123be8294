import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/* Who uses the toolkit: users (mirrored from the external system), their sessions, idempotency keys. */

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  /** Credentials live in the external system; no password is kept here (decision 003). */
  password: text('password'),
  externalId: text('external_id'),
  name: text('name').notNull(),
  email: text('email'),
  role: text('role').notNull().default('installer'),
  clientIds: integer('client_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /**
   * What the user's own platform account may not do (issue 32; Traccar's readonly,
   * deviceReadonly, limitCommands): 'readOnly', 'devicesReadOnly', 'noCommands'. Read at sign-in
   * and again with their agencies (at most 4 minutes old).
   */
  platformRestrictions: text('platform_restrictions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** SHA-256 of the device cookie the sign-in came from: a known device is not locked out. */
    deviceHash: text('device_hash'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * What the fleet platform gave a user at sign-in for their own writes (issue 32; Traccar: an API
 * token made for them, expiring with the session), one per toolkit session, encrypted at rest
 * (AES-256-GCM, lib/secret-box.ts). Never a password. Gone with its session.
 */
export const platformCredentials = pgTable(
  'platform_credentials',
  {
    sessionId: integer('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url: the credential sealed with the server's key. */
    sealed: text('sealed').notNull(),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('platform_credentials_user_idx').on(t.userId)],
);

/** A replayed write with the same key returns the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused (issue 11). */
    requestHash: text('request_hash'),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The server instance (`server_instances.id`) running the request while it is in progress. */
    holder: text('holder'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * The server processes that run (decision 038): each writes its row at start and refreshes its
 * heartbeat; a key in progress whose holder is not alive is released at once, not after the lease.
 */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  startedAt: ts('started_at').notNull().defaultNow(),
  heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
});

/**
 * Failed sign-ins per limiter key (`account:user:12`, `address:203.0.113.9`, `device:<hash>`),
 * shared by every server process so the limits hold whichever process answers (decision 021).
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  lastAt: ts('last_at').notNull().defaultNow(),
});
