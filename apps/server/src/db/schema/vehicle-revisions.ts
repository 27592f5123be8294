import { integer, pgTable } from 'drizzle-orm/pg-core';
import { vehicles } from './fleet.ts';

/* A bus's own reads, cached by revision (decision 051). */

/**
 * Each bus's revision: moved by triggers (migration 0015), in the transaction of every change to
 * the bus's notes, photos, installation log, configuration tests and uploads, and of every device
 * put on or taken off it; each move is notified to every process (`v:<vehicle>:<revision>`). A
 * bus without a row is at revision 0. The bus's own row and its devices' state move the agency's
 * revision instead (decision 005), so a bus's reads key on both.
 */
export const vehicleRevisions = pgTable('vehicle_revisions', {
  vehicleId: integer('vehicle_id')
    .primaryKey()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull().default(0),
});
