import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { NOTES_URL, notesQueryOptions } from './get-notes.ts';
import { PHOTOS_URL, photosQueryOptions } from './get-photos.ts';
import { uploadItemsQueryOptions } from './get-upload-items.ts';

type RecordList = 'photos' | 'notes';

const NOUN: Record<RecordList, string> = { photos: 'Photo', notes: 'Note' };
const listKey = (list: RecordList, vehicleId: number): QueryKey =>
  (list === 'photos' ? photosQueryOptions(vehicleId) : notesQueryOptions(vehicleId)).queryKey;

/** DELETE /api/{photos|notes}/{id} (§7), through the outbox. */
export function deleteRecordItem(
  list: RecordList,
  { id, vehicleId }: { id: number; vehicleId: number },
): Promise<Submitted<null>> {
  return submitWrite(
    {
      label: `${NOUN[list]} deleted (#${String(id)})`,
      method: 'DELETE',
      url: `${list === 'photos' ? PHOTOS_URL : NOTES_URL}/${String(id)}`,
      body: undefined,
      keyPrefix: `${NOUN[list].toLowerCase()}-delete`,
      invalidate: [listKey(list, vehicleId), uploadItemsQueryOptions(vehicleId).queryKey],
    },
    () => null,
  );
}

/**
 * Deletes a photo or a note of the vehicle's record: kept offline, it leaves the list at once
 * (the server is told when the signal returns); sent, the list and the upload states are asked again.
 */
export function useDeleteRecordItem(list: RecordList, vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRecordItem(list, { id, vehicleId }),
    networkMode: 'always',
    onSuccess: (result, id) => {
      // Kept for later: it leaves the list now (sent: the outbox refreshed it).
      if (result.status === 'queued')
        queryClient.setQueryData<{ id: number }[]>(listKey(list, vehicleId), (items) =>
          items?.filter((item) => item.id !== id),
        );
    },
  });
}
