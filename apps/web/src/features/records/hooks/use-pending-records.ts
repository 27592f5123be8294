import { CreateNoteInputSchema } from '@toolkit/contracts/notes.ts';
import { CreatePhotoInputSchema } from '@toolkit/contracts/photos.ts';
import { usePendingWrites } from '../../../lib/outbox/use-pending.ts';
import { NOTES_URL } from '../api/get-notes.ts';
import { PHOTOS_URL } from '../api/get-photos.ts';

/** The outbox's view of the notes endpoint: one vehicle's new notes not yet sent, live. */
export function usePendingNotes(vehicleId: number) {
  return usePendingWrites('POST', NOTES_URL, CreateNoteInputSchema, (b) => b.vehicleId === vehicleId);
}

/** The outbox's view of the photos endpoint: one vehicle's new photos not yet sent, live. */
export function usePendingPhotos(vehicleId: number) {
  return usePendingWrites('POST', PHOTOS_URL, CreatePhotoInputSchema, (b) => b.vehicleId === vehicleId);
}
