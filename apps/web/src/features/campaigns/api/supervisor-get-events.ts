import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignEventPageSchema } from '@toolkit/contracts/campaigns.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { BOARD_REFETCH_MS, BOARD_STALE_MS, readAllPages } from './supervisor-paged.ts';
import { campaignKey, campaignUrl } from './campaign-urls.ts';

/** GET /api/campaigns/{id}/events, every page, oldest first (append-only). */
export function supervisorEventsQueryOptions(campaignId: number) {
  return queryOptions({
    queryKey: [...campaignKey(campaignId), 'events'] as const,
    queryFn: ({ signal }) =>
      readAllPages(`${campaignUrl(campaignId)}/events`, CampaignEventPageSchema, signal),
    // The board follows the installers' work while it is open.
    staleTime: BOARD_STALE_MS,
    refetchInterval: BOARD_REFETCH_MS,
    ...persistedQuery('campaign-event-list'),
  });
}

/** `enabled: false` holds the request (the board asks for the events once its buses are in). */
export function useSupervisorEvents(campaignId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...supervisorEventsQueryOptions(campaignId), enabled });
}
