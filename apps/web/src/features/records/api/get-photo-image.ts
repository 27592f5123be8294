import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable image'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A photo or its thumbnail, fetched with the Bearer header like every call (an <img src> could
 * not send it, decision 019) and kept as a data URL for the <img>. Images never change, so the
 * answer stays fresh; it is dropped ten minutes after its last viewer goes.
 */
export function photoImageQueryOptions(url: string) {
  return queryOptions({
    queryKey: ['photo-image', url],
    queryFn: async () => blobToDataUrl(await (await apiRequest('GET', url)).blob()),
    staleTime: Infinity,
    gcTime: 10 * 60 * 1000,
  });
}

export function usePhotoImage(url: string) {
  return useQuery(photoImageQueryOptions(url));
}
