import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { GeneratedReport } from '@toolkit/contracts/reports.ts';
import type { Db } from '../../db/client.ts';
import {
  generatedReports,
  installationLogs,
  installationNotes,
  installationPhotos,
  users,
  vehicles,
} from '../../db/schema/tables.ts';

const listColumns = {
  id: generatedReports.id,
  clientId: generatedReports.clientId,
  kind: generatedReports.kind,
  format: generatedReports.format,
  title: generatedReports.title,
  filename: generatedReports.filename,
  sizeBytes:
    sql<number>`coalesce(${generatedReports.sizeBytes}, octet_length(${generatedReports.body}), 0)`.mapWith(
      Number,
    ),
  createdBy: users.name,
  createdAt: generatedReports.createdAt,
};

const reportFilePath = (id: number) => `/api/reports/history/${String(id)}/file`;

/** The agencies' generated reports, newest first, without their bodies. */
export async function listGeneratedReports(
  db: Db,
  clientIds: readonly number[],
  limit: number,
): Promise<GeneratedReport[]> {
  if (clientIds.length === 0) return [];
  const rows = await db
    .select(listColumns)
    .from(generatedReports)
    .innerJoin(users, eq(users.id, generatedReports.userId))
    .where(inArray(generatedReports.clientId, [...clientIds]))
    .orderBy(desc(generatedReports.createdAt), desc(generatedReports.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), fileUrl: reportFilePath(r.id) }));
}

export async function findGeneratedReport(db: Db, id: number): Promise<GeneratedReport | null> {
  const [r] = await db
    .select(listColumns)
    .from(generatedReports)
    .innerJoin(users, eq(users.id, generatedReports.userId))
    .where(eq(generatedReports.id, id))
    .limit(1);
  return r ? { ...r, createdAt: r.createdAt.toISOString(), fileUrl: reportFilePath(r.id) } : null;
}

/** A vehicle's photos as small JPEGs (the thumbnail, else the photo), newest first. */
export async function listPhotoThumbnails(db: Db, vehicleId: number) {
  return db
    .select({
      photoType: installationPhotos.photoType,
      description: installationPhotos.description,
      deviceId: installationPhotos.deviceId,
      takenAt: installationPhotos.takenAt,
      dataUrl: sql<string>`coalesce(${installationPhotos.thumbnailData}, ${installationPhotos.photoData})`,
    })
    .from(installationPhotos)
    .where(eq(installationPhotos.vehicleId, vehicleId))
    .orderBy(desc(installationPhotos.takenAt), desc(installationPhotos.id));
}

export async function listVehicleNotes(db: Db, vehicleId: number) {
  return db
    .select({
      noteType: installationNotes.noteType,
      content: installationNotes.content,
      createdAt: installationNotes.createdAt,
      author: users.name,
    })
    .from(installationNotes)
    .innerJoin(users, eq(users.id, installationNotes.createdBy))
    .where(eq(installationNotes.vehicleId, vehicleId))
    .orderBy(desc(installationNotes.createdAt), desc(installationNotes.id));
}

/** One installer's log entries in an agency on [from, to), oldest first, with the vehicle label. */
export async function listDayActivity(
  db: Db,
  filter: { userId: number; clientId: number; from: Date; to: Date },
) {
  return db
    .select({
      timestamp: installationLogs.timestamp,
      action: installationLogs.action,
      details: installationLogs.details,
      deviceId: installationLogs.deviceId,
      vehicle: vehicles.vehicleId,
    })
    .from(installationLogs)
    .leftJoin(vehicles, eq(vehicles.id, installationLogs.vehicleId))
    .where(
      and(
        eq(installationLogs.userId, filter.userId),
        eq(installationLogs.clientId, filter.clientId),
        gte(installationLogs.timestamp, filter.from),
        lt(installationLogs.timestamp, filter.to),
      ),
    )
    .orderBy(installationLogs.timestamp, installationLogs.id);
}
