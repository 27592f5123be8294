import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignSchema } from '@toolkit/contracts/campaigns.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { campaignKey } from './campaign-urls.ts';

/** GET /api/campaigns/{id}: the campaign and its checklist items. */
export function supervisorCampaignQueryOptions(campaignId: number) {
  return queryOptions({
    queryKey: campaignKey(campaignId),
    queryFn: jsonQuery(CampaignSchema),
    ...persistedQuery('campaign'),
  });
}

export function useSupervisorCampaign(campaignId: number) {
  return useQuery(supervisorCampaignQueryOptions(campaignId));
}
