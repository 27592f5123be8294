import { useQuery } from '@tanstack/react-query';
import { campaignBusQueryOptions } from './get-campaign-bus.ts';

/**
 * GET /api/campaign-buses/{busId} for the review: the same query as the installer's checklist (its
 * home is get-campaign-bus.ts), read again each time the review opens, since its actions send the
 * version it shows.
 */
export function useSupervisorBus(busId: number) {
  return useQuery({ ...campaignBusQueryOptions(busId), staleTime: 0, refetchOnMount: 'always' });
}
