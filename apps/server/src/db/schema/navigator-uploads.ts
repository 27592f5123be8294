import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { UPLOAD_KINDS } from '@toolkit/contracts/navigator-uploads.ts';
import { ts } from './columns.ts';
import { vehicles } from './fleet.ts';

/**
 * The last upload attempt of each photo and note to Navigator. `contentHash` is what was sent
 * (the photo's JPEG hash, or the note text's hash): an uploaded item whose hash changed (an edited
 * note) is pending again, and a photo whose hash was already uploaded for the vehicle is never
 * sent twice.
 */
export const navigatorUploads = pgTable(
  'navigator_uploads',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    contentHash: text('content_hash').notNull(),
    state: text('state', { enum: ['uploaded', 'failed'] }).notNull(),
    externalId: text('external_id'),
    lastError: text('last_error'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('navigator_uploads_item_uq').on(t.kind, t.itemId),
    index('navigator_uploads_vehicle_idx').on(t.vehicleId, t.contentHash),
  ],
);
