import { desc, eq } from 'drizzle-orm';
import type { Photo } from '@toolkit/contracts/photos.ts';
import type { Db } from '../../db/client.ts';
import { installationPhotos, vehicles } from '../../db/schema/tables.ts';

function toPhoto(r: typeof installationPhotos.$inferSelect): Photo {
  return {
    id: r.id,
    vehicleId: r.vehicleId,
    photoData: r.photoData,
    photoType: r.photoType,
    description: r.description,
    deviceId: r.deviceId,
    takenBy: r.takenBy,
    takenAt: r.takenAt.toISOString(),
    uploadedToNavigator: r.uploadedToNavigator,
    navigatorUploadedAt: r.navigatorUploadedAt?.toISOString() ?? null,
  };
}

export async function insertPhoto(
  db: Db,
  values: Pick<
    typeof installationPhotos.$inferInsert,
    'vehicleId' | 'photoData' | 'photoType' | 'description' | 'deviceId' | 'takenBy'
  >,
): Promise<Photo> {
  const [row] = await db.insert(installationPhotos).values(values).returning();
  if (!row) throw new Error('photo insert returned nothing');
  return toPhoto(row);
}

export async function listPhotosByVehicle(db: Db, vehicleId: number): Promise<Photo[]> {
  const rows = await db
    .select()
    .from(installationPhotos)
    .where(eq(installationPhotos.vehicleId, vehicleId))
    .orderBy(desc(installationPhotos.takenAt), desc(installationPhotos.id));
  return rows.map(toPhoto);
}

/** The agency of a photo's vehicle (for the tenancy check), or null when there is no such photo. */
export async function findPhotoClient(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ clientId: vehicles.clientId })
    .from(installationPhotos)
    .innerJoin(vehicles, eq(vehicles.id, installationPhotos.vehicleId))
    .where(eq(installationPhotos.id, id))
    .limit(1);
  return row?.clientId ?? null;
}

export async function deletePhoto(db: Db, id: number): Promise<void> {
  await db.delete(installationPhotos).where(eq(installationPhotos.id, id));
}
