import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignDashboardSchema } from '@toolkit/contracts/campaigns.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { BOARD_REFETCH_MS, BOARD_STALE_MS } from './supervisor-paged.ts';
import { campaignKey } from './campaign-urls.ts';

/**
 * GET /api/campaigns/{id}/summary: the dashboard in one small answer, counted by the server,
 * whatever the campaign's size. Under the campaign's key: every board write refreshes it.
 */
export function campaignSummaryQueryOptions(campaignId: number) {
  return queryOptions({
    queryKey: [...campaignKey(campaignId), 'summary'] as const,
    queryFn: jsonQuery(CampaignDashboardSchema),
    // The board follows the installers' work while it is open.
    staleTime: BOARD_STALE_MS,
    refetchInterval: BOARD_REFETCH_MS,
    ...persistedQuery('campaign-summary'),
  });
}

export function useCampaignSummary(campaignId: number) {
  return useQuery(campaignSummaryQueryOptions(campaignId));
}
