import { queryOptions, useQuery } from '@tanstack/react-query';
import { NoteListSchema } from '@toolkit/contracts/notes.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** The notes endpoint (§7): POST creates, PUT and DELETE /{id} change one. */
export const NOTES_URL = '/api/notes';

/** GET /api/notes/vehicle/{id}: the vehicle's notes, newest first (§7). */
export function notesQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: [`${NOTES_URL}/vehicle`, vehicleId],
    queryFn: jsonQuery(NoteListSchema),
    ...persistedQuery('note-list'),
  });
}

export function useNotes(vehicleId: number) {
  return useQuery(notesQueryOptions(vehicleId));
}
