import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { TEST_RESULTS } from '@toolkit/contracts/config-tests.ts';
import { ts, bytea } from './columns.ts';
import { users } from './accounts.ts';
import { vehicles } from './fleet.ts';

/* Configuration tests and their PDF reports. */

export const configTests = pgTable(
  'config_tests',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gpsTest: text('gps_test', { enum: TEST_RESULTS }).notNull().default('pending'),
    connectivityTest: text('connectivity_test', { enum: TEST_RESULTS }).notNull().default('pending'),
    headsignTest: text('headsign_test', { enum: TEST_RESULTS }).notNull().default('pending'),
    clockSyncTest: text('clock_sync_test', { enum: TEST_RESULTS }).notNull().default('pending'),
    audioTest: text('audio_test', { enum: TEST_RESULTS }).notNull().default('pending'),
    results: jsonb('results')
      .$type<Record<string, { result: string; detail: string }>>()
      .notNull()
      .default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('config_tests_vehicle_idx').on(t.vehicleId, t.createdAt)],
);

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    testId: integer('test_id')
      .notNull()
      .references(() => configTests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    downloadKey: text('download_key').notNull(),
    pdf: bytea('pdf').notNull(),
    emailedTo: text('emailed_to'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('reports_vehicle_idx').on(t.vehicleId)],
);
