import { queryOptions, useQuery } from '@tanstack/react-query';
import { NoteListSchema } from '@toolkit/contracts/notes.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** GET /api/notes/vehicle/{id}: the vehicle's notes, newest first (§7). */
export function notesQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: ['/api/notes/vehicle', vehicleId],
    queryFn: jsonQuery(NoteListSchema),
    ...persistedQuery('note-list'),
  });
}

export function useNotes(vehicleId: number) {
  return useQuery(notesQueryOptions(vehicleId));
}
