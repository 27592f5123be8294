import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateRecord } from './invalidate-record.ts';

/** DELETE /api/notes/{id} (§7). */
export async function deleteNote(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/notes/${String(id)}`);
}

export function useDeleteNote(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: () => invalidateRecord(queryClient, vehicleId, 'notes'),
  });
}
