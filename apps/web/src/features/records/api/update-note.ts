import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NoteSchema, type Note } from '@toolkit/contracts/notes.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { NOTES_URL, notesQueryOptions } from './get-notes.ts';
import { uploadItemsQueryOptions } from './get-upload-items.ts';

/** PUT /api/notes/{id} with the new content (§7), through the outbox. */
export function updateNote({
  id,
  vehicleId,
  content,
}: {
  id: number;
  vehicleId: number;
  content: string;
}): Promise<Submitted<Note>> {
  return submitWrite(
    {
      label: `Note edited: ${content.length > 60 ? `${content.slice(0, 57)}...` : content}`,
      method: 'PUT',
      url: `${NOTES_URL}/${String(id)}`,
      body: { content },
      keyPrefix: 'note-edit',
      invalidate: [notesQueryOptions(vehicleId).queryKey, uploadItemsQueryOptions(vehicleId).queryKey],
    },
    (answer) => NoteSchema.parse(answer),
  );
}

export function useUpdateNote(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; content: string }) => updateNote({ ...change, vehicleId }),
    networkMode: 'always',
    onSuccess: (result, change) => {
      // Kept for later: the list shows the new text now (sent: the outbox refreshed it).
      if (result.status === 'queued')
        queryClient.setQueryData(notesQueryOptions(vehicleId).queryKey, (notes) =>
          notes?.map((n) => (n.id === change.id ? { ...n, content: change.content } : n)),
        );
    },
  });
}
