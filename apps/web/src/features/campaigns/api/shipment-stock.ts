import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignStockSchema } from '@toolkit/contracts/shipments.ts';
import { getFromPath, parseJson } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { campaignKey, campaignUrl } from './campaign-urls.ts';
import { BOARD_REFETCH_MS, BOARD_STALE_MS } from './supervisor-paged.ts';

/** The stock's key, under the campaign's: every write to the campaign refreshes it too. */
export const shipmentStockKey = (campaignId: number) => [...campaignKey(campaignId), 'stock'] as const;

/**
 * GET /api/campaigns/{id}/stock: per device type, the units in stock, installed and faulty against
 * what the campaign's buses not yet accepted still need (the dashboard's stock block).
 */
export function shipmentStockQueryOptions(campaignId: number) {
  return queryOptions({
    queryKey: shipmentStockKey(campaignId),
    queryFn: async ({ signal }) =>
      parseJson(await getFromPath(`${campaignUrl(campaignId)}/stock`, signal), CampaignStockSchema),
    staleTime: BOARD_STALE_MS,
    refetchInterval: BOARD_REFETCH_MS,
    ...persistedQuery('campaign-stock'),
  });
}

export function useShipmentStock(campaignId: number) {
  return useQuery(shipmentStockQueryOptions(campaignId));
}
