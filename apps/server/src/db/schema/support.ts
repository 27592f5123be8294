import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clients } from './fleet.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Support, add-vehicle and access requests a user filed; each is e-mailed to support (decision 017). */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** add-vehicle, request-access, support or client-access */
    kind: text('kind').notNull(),
    /** The vehicle id, account id, subject or client name. */
    subject: text('subject').notNull(),
    /** The reason or message. */
    details: text('details').notNull(),
    /** received (stored) or sent (e-mailed to support) */
    state: text('state').notNull().default('received'),
    mailedTo: text('mailed_to'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('support_requests_user_idx').on(t.userId, t.createdAt)],
);
