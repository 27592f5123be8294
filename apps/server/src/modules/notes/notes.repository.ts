import { and, desc, eq } from 'drizzle-orm';
import type { Note } from '@toolkit/contracts/notes.ts';
import type { Db } from '../../db/client.ts';
import { vehicleRecordsChanged } from '../../lib/bus-reads.ts';
import { installationNotes, navigatorUploads, vehicles } from '../../db/schema/tables.ts';

function toNote(r: typeof installationNotes.$inferSelect): Note {
  return {
    id: r.id,
    vehicleId: r.vehicleId,
    noteType: r.noteType,
    content: r.content,
    deviceId: r.deviceId,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    uploadedToNavigator: r.uploadedToNavigator,
    navigatorUploadedAt: r.navigatorUploadedAt?.toISOString() ?? null,
  };
}

export async function insertNote(
  db: Db,
  values: Pick<
    typeof installationNotes.$inferInsert,
    'vehicleId' | 'noteType' | 'content' | 'deviceId' | 'createdBy'
  >,
): Promise<Note> {
  const [row] = await db.insert(installationNotes).values(values).returning();
  if (!row) throw new Error('note insert returned nothing');
  vehicleRecordsChanged(row.vehicleId);
  return toNote(row);
}

export async function listNotesByVehicle(db: Db, vehicleId: number): Promise<Note[]> {
  const rows = await db
    .select()
    .from(installationNotes)
    .where(eq(installationNotes.vehicleId, vehicleId))
    .orderBy(desc(installationNotes.createdAt), desc(installationNotes.id));
  return rows.map(toNote);
}

/** The agency of a note's vehicle (for the tenancy check), or null when there is no such note. */
export async function findNoteClient(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ clientId: vehicles.clientId })
    .from(installationNotes)
    .innerJoin(vehicles, eq(vehicles.id, installationNotes.vehicleId))
    .where(eq(installationNotes.id, id))
    .limit(1);
  return row?.clientId ?? null;
}

export async function updateNoteContent(db: Db, id: number, content: string): Promise<Note | null> {
  const [row] = await db
    .update(installationNotes)
    .set({ content })
    .where(eq(installationNotes.id, id))
    .returning();
  vehicleRecordsChanged(row?.vehicleId);
  return row ? toNote(row) : null;
}

/** Deletes a note with its upload record, in one transaction (no upload left naming it). */
export async function deleteNote(db: Db, id: number): Promise<void> {
  const vehicleId = await db.transaction(async (tx) => {
    await tx
      .delete(navigatorUploads)
      .where(and(eq(navigatorUploads.kind, 'note'), eq(navigatorUploads.itemId, id)));
    const [row] = await tx
      .delete(installationNotes)
      .where(eq(installationNotes.id, id))
      .returning({ vehicleId: installationNotes.vehicleId });
    return row?.vehicleId;
  });
  vehicleRecordsChanged(vehicleId);
}
