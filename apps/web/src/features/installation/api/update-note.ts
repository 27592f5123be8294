import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NoteSchema, type Note } from '@toolkit/contracts/notes.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateRecord } from './invalidate-record.ts';

/** PUT /api/notes/{id} with the new content (§7). */
export async function updateNote({ id, content }: { id: number; content: string }): Promise<Note> {
  const res = await apiRequest('PUT', `/api/notes/${String(id)}`, { content });
  return NoteSchema.parse(await res.json());
}

export function useUpdateNote(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: () => invalidateRecord(queryClient, vehicleId, 'notes'),
  });
}
