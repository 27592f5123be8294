import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { notesQueryOptions } from './get-notes.ts';
import { invalidateRecord } from './invalidate-record.ts';

/** DELETE /api/notes/{id} (§7), through the outbox. */
export function deleteNote({ id, vehicleId }: { id: number; vehicleId: number }): Promise<Submitted<null>> {
  return submitWrite(
    {
      label: `Note deleted (#${String(id)})`,
      method: 'DELETE',
      url: `/api/notes/${String(id)}`,
      body: undefined,
      keyPrefix: 'note-delete',
      invalidate: [notesQueryOptions(vehicleId).queryKey],
    },
    () => null,
  );
}

export function useDeleteNote(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteNote({ id, vehicleId }),
    networkMode: 'always',
    onSuccess: (result, id) => {
      if (result.status === 'queued')
        queryClient.setQueryData(notesQueryOptions(vehicleId).queryKey, (notes) =>
          notes?.filter((n) => n.id !== id),
        );
      else return invalidateRecord(queryClient, vehicleId, 'notes');
    },
  });
}
