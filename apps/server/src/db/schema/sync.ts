import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { users } from './accounts.ts';
import { clients, devices } from './fleet.ts';

/* Local changes waiting to be pushed to the external system. */

/** What a push does; the outbox service has one handler per kind. */
export const OUTBOX_KINDS = [
  'device-assignment',
  'device-create',
  'vehicle-create',
  'vehicle-update',
] as const;
const OUTBOX_STATUSES = ['pending', 'processing', 'done', 'failed', 'superseded'] as const;

/** Pushes pending to the external system, processed with FOR UPDATE SKIP LOCKED. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    /** What the push is about ('device:12', 'vehicle:7'): one pending push per kind and subject. */
    subject: text('subject').notNull(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The user whose change this push carries: it reaches the platform as them (issue 32). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    /**
     * The server process that claimed it (`server_instances.id`): a 'processing' row whose holder
     * is not alive is due again at once, not when its lease runs out (issue 32, decision 038).
     */
    holder: text('holder'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('outbox_pending_idx').on(t.status, t.nextAttemptAt),
    index('outbox_device_idx').on(t.deviceId, t.status),
    uniqueIndex('outbox_pending_subject_uq')
      .on(t.kind, t.subject)
      .where(sql`status = 'pending'`),
  ],
);
