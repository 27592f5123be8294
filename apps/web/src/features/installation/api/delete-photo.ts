import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { photosQueryOptions } from './get-photos.ts';
import { invalidateRecord } from './invalidate-record.ts';

/** DELETE /api/photos/{id} (§7), through the outbox. */
export function deletePhoto({ id, vehicleId }: { id: number; vehicleId: number }): Promise<Submitted<null>> {
  return submitWrite(
    {
      label: `Photo deleted (#${String(id)})`,
      method: 'DELETE',
      url: `/api/photos/${String(id)}`,
      body: undefined,
      keyPrefix: 'photo-delete',
      invalidate: [photosQueryOptions(vehicleId).queryKey],
    },
    () => null,
  );
}

export function useDeletePhoto(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deletePhoto({ id, vehicleId }),
    networkMode: 'always',
    onSuccess: (result, id) => {
      if (result.status === 'queued')
        queryClient.setQueryData(photosQueryOptions(vehicleId).queryKey, (photos) =>
          photos?.filter((p) => p.id !== id),
        );
      else return invalidateRecord(queryClient, vehicleId, 'photos');
    },
  });
}
