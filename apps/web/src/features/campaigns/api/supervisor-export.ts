import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshKeys } from '../../../lib/outbox/refresh.ts';
import { campaignKey, campaignUrl } from './campaign-urls.ts';

/** The file's name from the answer's Content-Disposition, else `campaign-{id}.csv`. */
function fileName(res: Response, campaignId: number): string {
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? `campaign-${String(campaignId)}.csv`;
}

/**
 * GET /api/campaigns/{id}/export.csv with the Bearer header, handed to the browser as a download
 * (as report files are: a plain link could not carry the token). Exporting records an event.
 */
export async function exportCampaign(campaignId: number): Promise<string> {
  try {
    const res = await apiRequest('GET', `${campaignUrl(campaignId)}/export.csv`);
    const name = fileName(res, campaignId);
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return name;
  } finally {
    refreshKeys([campaignKey(campaignId)]);
  }
}

export function useExportCampaign(campaignId: number) {
  return useMutation({ mutationFn: () => exportCampaign(campaignId) });
}
