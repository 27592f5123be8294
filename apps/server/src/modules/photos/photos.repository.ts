import { and, desc, eq, sql } from 'drizzle-orm';
import type { Photo } from '@toolkit/contracts/photos.ts';
import type { Db } from '../../db/client.ts';
import { vehicleRecordsChanged } from '../../lib/bus-reads.ts';
import { installationPhotos, navigatorUploads, vehicles } from '../../db/schema/tables.ts';

/** Every column but the image bodies: lists never read the JPEG data. */
const listColumns = {
  id: installationPhotos.id,
  vehicleId: installationPhotos.vehicleId,
  photoType: installationPhotos.photoType,
  description: installationPhotos.description,
  deviceId: installationPhotos.deviceId,
  takenBy: installationPhotos.takenBy,
  takenAt: installationPhotos.takenAt,
  contentHash: installationPhotos.contentHash,
  uploadedToNavigator: installationPhotos.uploadedToNavigator,
  navigatorUploadedAt: installationPhotos.navigatorUploadedAt,
};
type PhotoRow = { [K in keyof typeof listColumns]: (typeof installationPhotos.$inferSelect)[K] };

/** The paths that serve a photo's image and thumbnail (authenticated, agency-scoped). */
const photoImagePath = (id: number) => `/api/photos/${String(id)}/image`;
const photoThumbnailPath = (id: number) => `/api/photos/${String(id)}/thumbnail`;

function toPhoto(r: PhotoRow): Photo {
  return {
    id: r.id,
    vehicleId: r.vehicleId,
    photoUrl: photoImagePath(r.id),
    thumbnailUrl: photoThumbnailPath(r.id),
    contentHash: r.contentHash,
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
    | 'vehicleId'
    | 'photoData'
    | 'thumbnailData'
    | 'contentHash'
    | 'photoType'
    | 'description'
    | 'deviceId'
    | 'takenBy'
  >,
): Promise<Photo> {
  const [row] = await db.insert(installationPhotos).values(values).returning(listColumns);
  if (!row) throw new Error('photo insert returned nothing');
  vehicleRecordsChanged(row.vehicleId);
  return toPhoto(row);
}

export async function listPhotosByVehicle(db: Db, vehicleId: number): Promise<Photo[]> {
  const rows = await db
    .select(listColumns)
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

/** One image of a photo as a data URL, with its vehicle's agency; null when there is no such photo. */
export async function findPhotoImage(
  db: Db,
  id: number,
  size: 'full' | 'thumbnail',
): Promise<{ clientId: number; dataUrl: string } | null> {
  const [row] = await db
    .select({
      clientId: vehicles.clientId,
      dataUrl:
        size === 'full'
          ? installationPhotos.photoData
          : sql<string>`coalesce(${installationPhotos.thumbnailData}, ${installationPhotos.photoData})`,
    })
    .from(installationPhotos)
    .innerJoin(vehicles, eq(vehicles.id, installationPhotos.vehicleId))
    .where(eq(installationPhotos.id, id))
    .limit(1);
  return row ?? null;
}

/** Deletes a photo with its upload record, in one transaction (no upload left naming it). */
export async function deletePhoto(db: Db, id: number): Promise<void> {
  const vehicleId = await db.transaction(async (tx) => {
    await tx
      .delete(navigatorUploads)
      .where(and(eq(navigatorUploads.kind, 'photo'), eq(navigatorUploads.itemId, id)));
    const [row] = await tx
      .delete(installationPhotos)
      .where(eq(installationPhotos.id, id))
      .returning({ vehicleId: installationPhotos.vehicleId });
    return row?.vehicleId;
  });
  vehicleRecordsChanged(vehicleId);
}
