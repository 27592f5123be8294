import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { NOTE_TYPES } from '@toolkit/contracts/notes.ts';
import { PHOTO_TYPES } from '@toolkit/contracts/photos.ts';
import { ts } from './columns.ts';
import { users } from './accounts.ts';
import { clients, vehicles } from './fleet.ts';

/* The installer's record of the work: log, photos, notes, moods. */

export const installationLogs = pgTable(
  'installation_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
    deviceId: text('device_id'),
    action: text('action').notNull(),
    details: text('details'),
    timestamp: ts('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('installation_logs_user_idx').on(t.userId, t.timestamp),
    index('installation_logs_vehicle_idx').on(t.vehicleId),
  ],
);

export const installationPhotos = pgTable(
  'installation_photos',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    photoData: text('photo_data').notNull(),
    /** Small JPEG data URL made at capture; null means the photo is its own thumbnail. */
    thumbnailData: text('thumbnail_data'),
    /** SHA-256 (hex) of the JPEG bytes; null only for photos saved before it was kept. */
    contentHash: text('content_hash'),
    photoType: text('photo_type', { enum: PHOTO_TYPES }).notNull(),
    description: text('description'),
    deviceId: text('device_id'),
    takenBy: integer('taken_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    takenAt: ts('taken_at').notNull().defaultNow(),
    uploadedToNavigator: boolean('uploaded_to_navigator').notNull().default(false),
    navigatorUploadedAt: ts('navigator_uploaded_at'),
  },
  (t) => [index('installation_photos_vehicle_idx').on(t.vehicleId, t.takenAt)],
);

export const installationNotes = pgTable(
  'installation_notes',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    noteType: text('note_type', { enum: NOTE_TYPES }).notNull(),
    content: text('content').notNull(),
    deviceId: text('device_id'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    uploadedToNavigator: boolean('uploaded_to_navigator').notNull().default(false),
    navigatorUploadedAt: ts('navigator_uploaded_at'),
  },
  (t) => [index('installation_notes_vehicle_idx').on(t.vehicleId, t.createdAt)],
);

export const moodEntries = pgTable(
  'mood_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    moodEmoji: text('mood_emoji').notNull(),
    moodLabel: text('mood_label').notNull(),
    moodValue: integer('mood_value').notNull(),
    comment: text('comment'),
    workPhase: text('work_phase'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mood_entries_user_idx').on(t.userId, t.createdAt)],
);
