import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateRecord } from './invalidate-record.ts';

/** DELETE /api/photos/{id} (§7). */
export async function deletePhoto(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/photos/${String(id)}`);
}

export function useDeletePhoto(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: () => invalidateRecord(queryClient, vehicleId, 'photos'),
  });
}
