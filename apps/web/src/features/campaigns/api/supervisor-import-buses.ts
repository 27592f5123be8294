import { useMutation } from '@tanstack/react-query';
import { CsvPreviewSchema, type CsvPreview } from '@toolkit/contracts/campaigns.ts';
import { parseJson } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { refreshKeys } from '../../../lib/outbox/refresh.ts';
import { getRequestToken } from '../../../lib/storage.ts';
import { campaignKey, campaignUrl } from './campaign-urls.ts';

/**
 * POST /api/campaigns/{id}/buses/import[?dryRun=1] with the file itself as the `text/csv` body (its
 * bytes as they are: the server reads the encoding and hashes the file). A dry run answers the
 * preview; the import answers the same counts with `imported`. A file with errors may be answered
 * 422 with its preview: the preview is shown either way.
 */
export async function importBuses(campaignId: number, file: Blob, dryRun: boolean): Promise<CsvPreview> {
  const headers: Record<string, string> = {
    'Content-Type': 'text/csv',
    'Idempotency-Key': newIdempotencyKey('campaign-import'),
  };
  const token = getRequestToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const url = `${campaignUrl(campaignId)}/buses/import${dryRun ? '?dryRun=1' : ''}`;
  try {
    const res = await fetch(url, { method: 'POST', headers, body: file, credentials: 'same-origin' });
    if (res.status === 422) {
      const preview = CsvPreviewSchema.safeParse(
        await res
          .clone()
          .json()
          .catch(() => null),
      );
      if (preview.success) return preview.data;
    }
    return await parseJson(res, CsvPreviewSchema);
  } finally {
    if (!dryRun) refreshKeys([campaignKey(campaignId)]);
  }
}

export function useImportBuses(campaignId: number) {
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: Blob; dryRun: boolean }) => importBuses(campaignId, file, dryRun),
  });
}
