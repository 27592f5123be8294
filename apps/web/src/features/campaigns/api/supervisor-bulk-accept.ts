import { useMutation } from '@tanstack/react-query';
import { BulkAcceptResultSchema } from '@toolkit/contracts/campaigns.ts';
import { CAMPAIGN_BUSES_URL, campaignBusKey, campaignKey } from './campaign-urls.ts';
import { supervisorWrite } from './supervisor-write.ts';

const BULK_ACCEPT_URL = `${CAMPAIGN_BUSES_URL}/accept`;

export type BulkAcceptItem = { busId: number; version: number };

/**
 * POST /api/campaign-buses/accept: each bus with the version the board shows; the server skips,
 * with its reason, a bus not ready or with exceptions.
 */
export async function bulkAccept(campaignId: number, items: BulkAcceptItem[]) {
  const answer = await supervisorWrite('POST', BULK_ACCEPT_URL, { items }, 'campaign-bulk-accept', [
    campaignKey(campaignId),
    ...items.map((i) => campaignBusKey(i.busId)),
  ]);
  return BulkAcceptResultSchema.parse(answer);
}

export function useBulkAccept(campaignId: number) {
  return useMutation({ mutationFn: (items: BulkAcceptItem[]) => bulkAccept(campaignId, items) });
}
