import { queryOptions, useQuery } from '@tanstack/react-query';
import { PhotoListSchema } from '@toolkit/contracts/photos.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** The photos endpoint (§7): POST creates, DELETE /{id} removes one. */
export const PHOTOS_URL = '/api/photos';

/** GET /api/photos/vehicle/{id}: the vehicle's photos, newest first, with thumbnail URLs (§7). */
export function photosQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: [`${PHOTOS_URL}/vehicle`, vehicleId],
    queryFn: jsonQuery(PhotoListSchema),
    ...persistedQuery('photo-list'),
  });
}

export function usePhotos(vehicleId: number) {
  return useQuery(photosQueryOptions(vehicleId));
}
