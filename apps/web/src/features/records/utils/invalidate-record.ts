import type { QueryClient } from '@tanstack/react-query';
import { notesQueryOptions } from '../api/get-notes.ts';
import { photosQueryOptions } from '../api/get-photos.ts';
import { uploadItemsQueryOptions } from '../api/get-upload-items.ts';

/** After a photo or note changes: its list and the upload states are asked again. */
export function invalidateRecord(queryClient: QueryClient, vehicleId: number, list: 'photos' | 'notes') {
  const listKey = (list === 'photos' ? photosQueryOptions(vehicleId) : notesQueryOptions(vehicleId)).queryKey;
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listKey }),
    queryClient.invalidateQueries({ queryKey: uploadItemsQueryOptions(vehicleId).queryKey }),
  ]);
}
