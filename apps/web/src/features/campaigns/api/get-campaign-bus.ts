import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignBusDetailSchema } from '@toolkit/contracts/campaigns.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { CAMPAIGN_BUSES_URL } from './campaign-urls.ts';

/** One bus's detail key, free of its schema (what a bus write changes names it). */
export const campaignBusQueryKey = (busId: number) => [CAMPAIGN_BUSES_URL, busId] as const;

/**
 * GET /api/campaign-buses/{busId}: the bus, its checklist items with their evidence, the frozen
 * checklist and its events; kept on the phone so the checklist opens without signal.
 */
export function campaignBusQueryOptions(busId: number) {
  return queryOptions({
    queryKey: campaignBusQueryKey(busId),
    queryFn: jsonQuery(CampaignBusDetailSchema),
    ...persistedQuery('campaign-bus'),
  });
}

export function useCampaignBus(busId: number) {
  return useQuery(campaignBusQueryOptions(busId));
}
