import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/* Answers of the public VIN service, kept (a decode never changes). */

export const vinDecodes = pgTable('vin_decodes', {
  vin: text('vin').primaryKey(),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
