import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { REPORT_FORMATS, REPORT_KINDS } from '@toolkit/contracts/reports.ts';
import { bytea, ts } from './columns.ts';
import { users } from './accounts.ts';
import { clients } from './fleet.ts';

/** Reports made on the Reports screen, kept per agency so they can be downloaded again. */
export const generatedReports = pgTable(
  'generated_reports',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    title: text('title').notNull(),
    filename: text('filename').notNull(),
    body: bytea('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('generated_reports_client_idx').on(t.clientId, t.createdAt)],
);
