import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
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
    /** Reports made before streaming kept their file here; newer ones keep it in chunks. */
    body: bytea('body'),
    /** The file's size in bytes (null for the older reports whose body is inline). */
    sizeBytes: integer('size_bytes'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('generated_reports_client_idx').on(t.clientId, t.createdAt)],
);

/**
 * A generated report's file in order, a chunk (up to 256 KiB) a row: a report is written and
 * served a chunk at a time, so neither generating nor downloading holds the whole file.
 */
export const generatedReportChunks = pgTable(
  'generated_report_chunks',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => generatedReports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.seq] })],
);
