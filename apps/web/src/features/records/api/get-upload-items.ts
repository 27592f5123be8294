import { queryOptions, useQuery } from '@tanstack/react-query';
import { UploadItemListSchema } from '@toolkit/contracts/navigator-uploads.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** The Navigator uploads endpoint: GET /vehicle/{id} lists, POST /{kind}/{id} sends one. */
export const UPLOADS_URL = '/api/navigator-uploads';

/** GET /api/navigator-uploads/vehicle/{id}: each photo and note with its upload state. */
export function uploadItemsQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: [`${UPLOADS_URL}/vehicle`, vehicleId],
    queryFn: jsonQuery(UploadItemListSchema),
    ...persistedQuery('upload-item-list'),
  });
}

export function useUploadItems(vehicleId: number) {
  return useQuery(uploadItemsQueryOptions(vehicleId));
}
