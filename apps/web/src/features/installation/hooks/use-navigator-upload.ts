import { useQueryClient } from '@tanstack/react-query';
import type { UploadItem } from '@toolkit/contracts/navigator-uploads.ts';
import { refreshKeys } from '../../../lib/outbox/refresh.ts';
import { useState } from 'react';
import { isNetworkError, readableError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import {
  notesQueryOptions,
  photosQueryOptions,
  uploadItemsQueryOptions,
  uploadItem,
} from '../../records/index.ts';

const sameItem = (a: Pick<UploadItem, 'kind' | 'id'>) => (b: Pick<UploadItem, 'kind' | 'id'>) =>
  a.kind === b.kind && a.id === b.id;

/**
 * Uploads items one at a time, writing each answer into the list as it arrives (progress per
 * item). A dropped connection (or a refusal) stops the run; the items not sent stay pending, so
 * pressing Upload again resumes where it stopped.
 */
export function useNavigatorUpload(vehicleId: number) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<{ item: UploadItem; done: number; total: number } | null>(null);
  const key = uploadItemsQueryOptions(vehicleId).queryKey;

  const run = async (items: readonly UploadItem[]) => {
    try {
      for (const [done, item] of items.entries()) {
        setCurrent({ item, done, total: items.length });
        const answer = await uploadItem(item);
        queryClient.setQueryData(key, (list) => list?.map((i) => (sameItem(answer)(i) ? answer : i)));
      }
    } catch (error) {
      // A dropped connection says how to resume; the server's refusal is said in its words.
      toast({
        title: 'Upload Interrupted',
        description: isNetworkError(error)
          ? 'The connection dropped. Press Upload to Navigator to resume.'
          : readableError(error),
        variant: 'destructive',
      });
    } finally {
      setCurrent(null);
      // Online only; what it changed refreshes through the one refresh path.
      refreshKeys([key, photosQueryOptions(vehicleId).queryKey, notesQueryOptions(vehicleId).queryKey]);
    }
  };

  return { current, run };
}
