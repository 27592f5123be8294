import { queryOptions, useQuery } from '@tanstack/react-query';
import { UploadItemListSchema } from '@toolkit/contracts/navigator-uploads.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** GET /api/navigator-uploads/vehicle/{id}: each photo and note with its upload state. */
export function uploadItemsQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: ['/api/navigator-uploads/vehicle', vehicleId],
    queryFn: jsonQuery(UploadItemListSchema),
    ...persistedQuery('upload-item-list'),
  });
}

export function useUploadItems(vehicleId: number) {
  return useQuery(uploadItemsQueryOptions(vehicleId));
}
