import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignSummaryListSchema } from '@toolkit/contracts/campaigns.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { CAMPAIGNS_URL } from './campaign-urls.ts';

/** The agency's campaigns list's key, free of its schema (what a bus write changes names it). */
export const campaignsQueryKey = (clientId: number) => [`${CAMPAIGNS_URL}/client`, clientId] as const;

/**
 * GET /api/campaigns/client/{clientId}: the agency's campaigns with their counts per state, and for
 * an installer `mine` and `unassigned`; kept on the phone for the screens opened without signal.
 */
export function campaignsQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: campaignsQueryKey(clientId),
    queryFn: jsonQuery(CampaignSummaryListSchema),
    ...persistedQuery('campaign-list'),
  });
}

export function useCampaigns(clientId: number) {
  return useQuery(campaignsQueryOptions(clientId));
}
