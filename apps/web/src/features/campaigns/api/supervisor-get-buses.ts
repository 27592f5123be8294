import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignBusPageSchema } from '@toolkit/contracts/campaigns.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { BOARD_REFETCH_MS, BOARD_STALE_MS, readAllPages } from './supervisor-paged.ts';
import { campaignKey, campaignUrl } from './campaign-urls.ts';

/**
 * GET /api/campaigns/{id}/buses, every page: the board's buses with state and progress. Its key
 * starts with the installer's bus lists' key, so a bus write refreshes the board too.
 */
export function supervisorBusesQueryOptions(campaignId: number) {
  return queryOptions({
    queryKey: [...campaignKey(campaignId), 'buses'] as const,
    queryFn: ({ signal }) => readAllPages(`${campaignUrl(campaignId)}/buses`, CampaignBusPageSchema, signal),
    // The board opens without signal from its last good copy, as the other lists do.
    // The board follows the installers' work while it is open.
    staleTime: BOARD_STALE_MS,
    refetchInterval: BOARD_REFETCH_MS,
    ...persistedQuery('campaign-bus-list'),
  });
}

/** `enabled: false` only reads what the cache has (the list asked for elsewhere on the board). */
export function useSupervisorBuses(campaignId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...supervisorBusesQueryOptions(campaignId), enabled });
}
