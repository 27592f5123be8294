import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorResponseSchema, IdParamSchema } from '@toolkit/contracts/errors.ts';
import {
  CreateLogInputSchema,
  LogQuerySchema,
  InstallationLogListSchema,
  InstallationLogSchema,
  type InstallationLog,
} from '@toolkit/contracts/logs.ts';
import {
  CreateMoodEntryInputSchema,
  MOOD_LABELS,
  MoodEntryListSchema,
  MoodEntrySchema,
  MoodStatsSchema,
  type MoodEntry,
} from '@toolkit/contracts/moods.ts';
import {
  CreateNoteInputSchema,
  NoteListSchema,
  NoteSchema,
  UpdateNoteInputSchema,
  type Note,
  type NoteType,
} from '@toolkit/contracts/notes.ts';
import {
  CreatePhotoInputSchema,
  PhotoListSchema,
  PhotoSchema,
  type Photo,
  type PhotoType,
} from '@toolkit/contracts/photos.ts';
import { assertClientAccess, requireUser, type AppDeps } from '../../app-deps.ts';
import {
  installationLogs,
  installationNotes,
  installationPhotos,
  moodEntries,
  vehicles,
} from '../../db/schema/tables.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Api, AuthUser } from '../../lib/types.ts';
import { getVisibleVehicle } from '../vehicles/vehicles.service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const LOG_LIMIT = 500;
const MOOD_LIMIT = 100;

function toPhoto(r: typeof installationPhotos.$inferSelect): Photo {
  return {
    id: r.id,
    vehicleId: r.vehicleId,
    photoData: r.photoData,
    photoType: r.photoType as PhotoType,
    description: r.description,
    deviceId: r.deviceId,
    takenBy: r.takenBy,
    takenAt: r.takenAt.toISOString(),
    uploadedToNavigator: r.uploadedToNavigator,
    navigatorUploadedAt: iso(r.navigatorUploadedAt),
  };
}

function toNote(r: typeof installationNotes.$inferSelect): Note {
  return {
    id: r.id,
    vehicleId: r.vehicleId,
    noteType: r.noteType as NoteType,
    content: r.content,
    deviceId: r.deviceId,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    uploadedToNavigator: r.uploadedToNavigator,
    navigatorUploadedAt: iso(r.navigatorUploadedAt),
  };
}

function toLog(r: typeof installationLogs.$inferSelect): InstallationLog {
  return {
    id: r.id,
    userId: r.userId,
    vehicleId: r.vehicleId,
    deviceId: r.deviceId,
    action: r.action,
    details: r.details,
    timestamp: r.timestamp.toISOString(),
  };
}

function toMood(r: typeof moodEntries.$inferSelect): MoodEntry {
  return {
    id: r.id,
    userId: r.userId,
    clientId: r.clientId,
    vehicleId: r.vehicleId,
    moodEmoji: r.moodEmoji,
    moodLabel: r.moodLabel,
    moodValue: r.moodValue,
    comment: r.comment,
    workPhase: r.workPhase,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Photos, notes, the installation log and mood entries: the installer's record of the work. */
export function installationRoutes(app: Api, deps: AppDeps): void {
  /** The vehicle of a photo or note, checked against the user's agencies. */
  async function assertVehicleVisible(user: AuthUser, vehicleId: number) {
    const [v] = await deps.db
      .select({ clientId: vehicles.clientId })
      .from(vehicles)
      .where(eq(vehicles.id, vehicleId))
      .limit(1);
    if (!v || !user.clientIds.includes(v.clientId)) return false;
    return true;
  }

  // ---------------------------------------------------------------- photos
  app.post(
    '/photos',
    {
      config: { upload: true },
      schema: {
        tags: ['installation'],
        summary: 'Save an installation photo (JPEG data URL, at most 8 MB)',
        body: CreatePhotoInputSchema,
        response: { 201: PhotoSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const vehicle = await getVisibleVehicle(deps, user, request.body.vehicleId);
      const { photoData, photoType, description, deviceId } = request.body;
      const [row] = await deps.db
        .insert(installationPhotos)
        .values({ vehicleId: vehicle.id, photoData, photoType, description, deviceId, takenBy: user.id })
        .returning();
      if (!row) throw new Error('photo insert returned nothing');
      return reply.status(201).send(toPhoto(row));
    },
  );

  app.get(
    '/photos/vehicle/:id',
    {
      schema: {
        tags: ['installation'],
        summary: "A vehicle's photos, newest first",
        params: IdParamSchema,
        response: { 200: PhotoListSchema },
      },
    },
    async (request) => {
      const vehicle = await getVisibleVehicle(deps, requireUser(request), request.params.id);
      const rows = await deps.db
        .select()
        .from(installationPhotos)
        .where(eq(installationPhotos.vehicleId, vehicle.id))
        .orderBy(desc(installationPhotos.takenAt), desc(installationPhotos.id));
      return rows.map(toPhoto);
    },
  );

  app.delete(
    '/photos/:id',
    {
      schema: {
        tags: ['installation'],
        summary: 'Delete a photo',
        params: IdParamSchema,
        response: { 204: z.null().describe('Deleted'), 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const [photo] = await deps.db
        .select({ vehicleId: installationPhotos.vehicleId })
        .from(installationPhotos)
        .where(eq(installationPhotos.id, request.params.id))
        .limit(1);
      if (!photo || !(await assertVehicleVisible(user, photo.vehicleId))) throw notFound('Photo');
      await deps.db.delete(installationPhotos).where(eq(installationPhotos.id, request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- notes
  app.post(
    '/notes',
    {
      schema: {
        tags: ['installation'],
        summary: 'Add an installation note',
        body: CreateNoteInputSchema,
        response: { 201: NoteSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const vehicle = await getVisibleVehicle(deps, user, request.body.vehicleId);
      const { noteType, content, deviceId } = request.body;
      const [row] = await deps.db
        .insert(installationNotes)
        .values({ vehicleId: vehicle.id, noteType, content, deviceId, createdBy: user.id })
        .returning();
      if (!row) throw new Error('note insert returned nothing');
      return reply.status(201).send(toNote(row));
    },
  );

  app.get(
    '/notes/vehicle/:id',
    {
      schema: {
        tags: ['installation'],
        summary: "A vehicle's notes, newest first",
        params: IdParamSchema,
        response: { 200: NoteListSchema },
      },
    },
    async (request) => {
      const vehicle = await getVisibleVehicle(deps, requireUser(request), request.params.id);
      const rows = await deps.db
        .select()
        .from(installationNotes)
        .where(eq(installationNotes.vehicleId, vehicle.id))
        .orderBy(desc(installationNotes.createdAt), desc(installationNotes.id));
      return rows.map(toNote);
    },
  );

  app.put(
    '/notes/:id',
    {
      schema: {
        tags: ['installation'],
        summary: "Change a note's text",
        params: IdParamSchema,
        body: UpdateNoteInputSchema,
        response: { 200: NoteSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [note] = await deps.db
        .select({ vehicleId: installationNotes.vehicleId })
        .from(installationNotes)
        .where(eq(installationNotes.id, request.params.id))
        .limit(1);
      if (!note || !(await assertVehicleVisible(user, note.vehicleId))) throw notFound('Note');
      const [row] = await deps.db
        .update(installationNotes)
        .set({ content: request.body.content })
        .where(eq(installationNotes.id, request.params.id))
        .returning();
      if (!row) throw notFound('Note');
      return toNote(row);
    },
  );

  app.delete(
    '/notes/:id',
    {
      schema: {
        tags: ['installation'],
        summary: 'Delete a note',
        params: IdParamSchema,
        response: { 204: z.null().describe('Deleted'), 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const [note] = await deps.db
        .select({ vehicleId: installationNotes.vehicleId })
        .from(installationNotes)
        .where(eq(installationNotes.id, request.params.id))
        .limit(1);
      if (!note || !(await assertVehicleVisible(user, note.vehicleId))) throw notFound('Note');
      await deps.db.delete(installationNotes).where(eq(installationNotes.id, request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- installation log
  app.get(
    '/logs',
    {
      schema: {
        tags: ['installation'],
        summary:
          "The installation log of the user's agencies (newest first, at most 500); ?vehicleId= narrows it",
        querystring: LogQuerySchema,
        response: { 200: InstallationLogListSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const scope =
        user.clientIds.length > 0
          ? or(inArray(installationLogs.clientId, user.clientIds), eq(installationLogs.userId, user.id))
          : eq(installationLogs.userId, user.id);
      const where = request.query.vehicleId
        ? and(scope, eq(installationLogs.vehicleId, request.query.vehicleId))
        : scope;
      const rows = await deps.db
        .select()
        .from(installationLogs)
        .where(where)
        .orderBy(desc(installationLogs.timestamp), desc(installationLogs.id))
        .limit(LOG_LIMIT);
      return rows.map(toLog);
    },
  );

  app.post(
    '/logs',
    {
      schema: {
        tags: ['installation'],
        summary: 'Add an installation log entry',
        body: CreateLogInputSchema,
        response: { 201: InstallationLogSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const vehicle = await getVisibleVehicle(deps, user, request.body.vehicleId);
      const { deviceId, action, details } = request.body;
      const [row] = await deps.db
        .insert(installationLogs)
        .values({
          userId: user.id,
          clientId: vehicle.clientId,
          vehicleId: vehicle.id,
          deviceId,
          action,
          details,
        })
        .returning();
      if (!row) throw new Error('log insert returned nothing');
      return reply.status(201).send(toLog(row));
    },
  );

  // ---------------------------------------------------------------- moods
  app.get(
    '/mood-entries',
    {
      schema: {
        tags: ['moods'],
        summary: "The user's mood entries, newest first",
        response: { 200: MoodEntryListSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await deps.db
        .select()
        .from(moodEntries)
        .where(eq(moodEntries.userId, user.id))
        .orderBy(desc(moodEntries.createdAt), desc(moodEntries.id))
        .limit(MOOD_LIMIT);
      return rows.map(toMood);
    },
  );

  app.post(
    '/mood-entries',
    {
      schema: {
        tags: ['moods'],
        summary: 'Log a mood',
        body: CreateMoodEntryInputSchema,
        response: { 201: MoodEntrySchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const input = request.body;
      if (input.clientId !== null) assertClientAccess(user, input.clientId);
      if (input.vehicleId !== null) await getVisibleVehicle(deps, user, input.vehicleId);
      const [row] = await deps.db
        .insert(moodEntries)
        .values({ ...input, userId: user.id })
        .returning();
      if (!row) throw new Error('mood insert returned nothing');
      return reply.status(201).send(toMood(row));
    },
  );

  app.get(
    '/mood-stats',
    {
      schema: {
        tags: ['moods'],
        summary: "Average, count and distribution of the user's moods",
        response: { 200: MoodStatsSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await deps.db
        .select({
          label: moodEntries.moodLabel,
          count: sql<number>`count(*)`,
          total: sql<number>`sum(${moodEntries.moodValue})`,
        })
        .from(moodEntries)
        .where(eq(moodEntries.userId, user.id))
        .groupBy(moodEntries.moodLabel);
      const moodDistribution: Record<string, number> = Object.fromEntries(MOOD_LABELS.map((l) => [l, 0]));
      let totalEntries = 0;
      let sum = 0;
      for (const r of rows) {
        moodDistribution[r.label] = Number(r.count);
        totalEntries += Number(r.count);
        sum += Number(r.total);
      }
      return {
        averageMood: totalEntries === 0 ? 0 : Math.round((sum / totalEntries) * 100) / 100,
        totalEntries,
        moodDistribution,
      };
    },
  );
}
