import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/* Delta sync of the agency lists (decision 022). */

export const LIST_KINDS = ['vehicle', 'device'] as const;

/**
 * Rows that left an agency's list (deleted, or moved to another agency), written by triggers and
 * stamped with the revision that removed them. No foreign key: an agency's own deletion leaves
 * them behind until they are pruned.
 */
export const listTombstones = pgTable(
  'list_tombstones',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull(),
    kind: text('kind', { enum: LIST_KINDS }).notNull(),
    rowId: integer('row_id').notNull(),
    /** Null until the transaction's revision bump stamps it. */
    rev: integer('rev'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('list_tombstones_client_rev_idx').on(t.clientId, t.kind, t.rev)],
);
