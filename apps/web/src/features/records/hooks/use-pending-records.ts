import { CreateLogInputSchema } from '@toolkit/contracts/logs.ts';
import { CreateNoteInputSchema } from '@toolkit/contracts/notes.ts';
import { CreatePhotoInputSchema } from '@toolkit/contracts/photos.ts';
import { z } from 'zod';
import { usePendingWrites } from '../../../lib/outbox/use-pending.ts';
import { LOG_WRITE } from '../api/create-log.ts';
import { NOTE_LOG_WRITE, NOTE_WRITE } from '../api/create-note.ts';
import { PHOTO_WRITE } from '../api/create-photo.ts';

/**
 * A write as the outbox keeps it: about a vehicle made without signal it names the vehicle by its
 * local (negative) id until its create has gone (decision 043), which the request schemas, made
 * for what is sent, refuse.
 */
const kept = { vehicleId: z.number().int() };
const KeptNoteSchema = CreateNoteInputSchema.extend(kept);
const KeptPhotoSchema = CreatePhotoInputSchema.extend(kept);
const KeptLogSchema = CreateLogInputSchema.extend(kept);

/** One vehicle's new notes not yet sent, live (the outbox's notes about it). */
export function usePendingNotes(vehicleId: number) {
  return usePendingWrites(NOTE_WRITE, KeptNoteSchema, (b) => b.vehicleId === vehicleId);
}

/** One vehicle's new photos not yet sent, live (the outbox's photos of it). */
export function usePendingPhotos(vehicleId: number) {
  return usePendingWrites(PHOTO_WRITE, KeptPhotoSchema, (b) => b.vehicleId === vehicleId);
}

/**
 * The outbox's view of the log endpoint: one vehicle's new log entries not yet sent (its notes from
 * the workspace, and the entry that goes with each note from Add Notes), live.
 */
export function usePendingLogEntries(vehicleId: number) {
  return usePendingWrites([LOG_WRITE, NOTE_LOG_WRITE], KeptLogSchema, (b) => b.vehicleId === vehicleId);
}
