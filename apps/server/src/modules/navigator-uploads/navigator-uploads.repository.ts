import { and, eq } from 'drizzle-orm';
import type { UploadKind } from '@toolkit/contracts/navigator-uploads.ts';
import type { Db } from '../../db/client.ts';
import { vehicleRecordsChanged } from '../../lib/bus-reads.ts';
import { installationNotes, installationPhotos, navigatorUploads, vehicles } from '../../db/schema/tables.ts';

export type UploadRow = typeof navigatorUploads.$inferSelect;

/** What the upload list of a vehicle is made of: its photos and notes (no image bodies). */
export async function listUploadSources(db: Db, vehicleId: number) {
  const [photos, notes, rows] = await Promise.all([
    db
      .select({
        id: installationPhotos.id,
        photoType: installationPhotos.photoType,
        description: installationPhotos.description,
        deviceId: installationPhotos.deviceId,
        contentHash: installationPhotos.contentHash,
      })
      .from(installationPhotos)
      .where(eq(installationPhotos.vehicleId, vehicleId))
      .orderBy(installationPhotos.takenAt, installationPhotos.id),
    db
      .select({
        id: installationNotes.id,
        noteType: installationNotes.noteType,
        content: installationNotes.content,
        createdAt: installationNotes.createdAt,
      })
      .from(installationNotes)
      .where(eq(installationNotes.vehicleId, vehicleId))
      .orderBy(installationNotes.createdAt, installationNotes.id),
    db.select().from(navigatorUploads).where(eq(navigatorUploads.vehicleId, vehicleId)),
  ]);
  return { photos, notes, rows };
}

const vehicleColumns = {
  vehicleId: vehicles.id,
  clientId: vehicles.clientId,
  vehicleExternalId: vehicles.externalId,
};

export async function findPhotoForUpload(db: Db, id: number) {
  const [row] = await db
    .select({
      ...vehicleColumns,
      photoData: installationPhotos.photoData,
      contentHash: installationPhotos.contentHash,
      photoType: installationPhotos.photoType,
      deviceId: installationPhotos.deviceId,
      description: installationPhotos.description,
    })
    .from(installationPhotos)
    .innerJoin(vehicles, eq(vehicles.id, installationPhotos.vehicleId))
    .where(eq(installationPhotos.id, id))
    .limit(1);
  return row ?? null;
}

export async function findNoteForUpload(db: Db, id: number) {
  const [row] = await db
    .select({
      ...vehicleColumns,
      content: installationNotes.content,
      noteType: installationNotes.noteType,
      deviceId: installationNotes.deviceId,
    })
    .from(installationNotes)
    .innerJoin(vehicles, eq(vehicles.id, installationNotes.vehicleId))
    .where(eq(installationNotes.id, id))
    .limit(1);
  return row ?? null;
}

export async function findUploadRow(db: Db, kind: UploadKind, itemId: number): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(navigatorUploads)
    .where(and(eq(navigatorUploads.kind, kind), eq(navigatorUploads.itemId, itemId)))
    .limit(1);
  return row ?? null;
}

/** The platform id of content of this vehicle already uploaded under the same hash, if any. */
export async function findUploadedHash(
  db: Db,
  vehicleId: number,
  contentHash: string,
): Promise<string | null> {
  const [row] = await db
    .select({ externalId: navigatorUploads.externalId })
    .from(navigatorUploads)
    .where(
      and(
        eq(navigatorUploads.vehicleId, vehicleId),
        eq(navigatorUploads.contentHash, contentHash),
        eq(navigatorUploads.state, 'uploaded'),
      ),
    )
    .limit(1);
  return row?.externalId ?? null;
}

/** Records an attempt; an upload also sets the item's uploaded-to-Navigator flag and time. */
export async function recordUpload(
  db: Db,
  values: Omit<typeof navigatorUploads.$inferInsert, 'id' | 'updatedAt'>,
): Promise<UploadRow> {
  const recorded = await db.transaction(async (tx) => {
    const updatedAt = new Date();
    const [row] = await tx
      .insert(navigatorUploads)
      .values({ ...values, updatedAt })
      .onConflictDoUpdate({
        target: [navigatorUploads.kind, navigatorUploads.itemId],
        set: {
          contentHash: values.contentHash,
          state: values.state,
          externalId: values.externalId ?? null,
          lastError: values.lastError ?? null,
          updatedAt,
        },
      })
      .returning();
    if (!row) throw new Error('upload record returned nothing');
    const uploaded = values.state === 'uploaded';
    const flags = { uploadedToNavigator: uploaded, navigatorUploadedAt: uploaded ? updatedAt : null };
    if (values.kind === 'photo')
      await tx.update(installationPhotos).set(flags).where(eq(installationPhotos.id, values.itemId));
    else await tx.update(installationNotes).set(flags).where(eq(installationNotes.id, values.itemId));
    return row;
  });
  vehicleRecordsChanged(recorded.vehicleId);
  return recorded;
}
