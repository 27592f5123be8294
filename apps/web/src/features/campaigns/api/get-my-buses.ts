import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignBusPageSchema, type CampaignBus } from '@toolkit/contracts/campaigns.ts';
import { getFromPath, parseJson } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { CAMPAIGNS_URL } from './campaign-urls.ts';

/** Every bus list of one campaign (this one and the board's) starts with this key: a bus write refreshes them all. */
export const campaignBusesKey = (campaignId: number) => [CAMPAIGNS_URL, campaignId, 'buses'] as const;

/** A campaign of 1,000 buses is 5 pages; more than this many pages is not read on a phone. */
const MAX_PAGES = 10;

/** GET /api/campaigns/{id}/buses?assignee=…: every page of one assignee's buses. */
async function busesOf(
  campaignId: number,
  assignee: 'me' | 'none',
  signal: AbortSignal,
): Promise<CampaignBus[]> {
  const buses: CampaignBus[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const params = new URLSearchParams({ assignee });
    if (cursor !== null) params.set('cursor', cursor);
    const res = await getFromPath(
      `${CAMPAIGNS_URL}/${String(campaignId)}/buses?${params.toString()}`,
      signal,
    );
    const answer = await parseJson(res, CampaignBusPageSchema);
    buses.push(...answer.items);
    cursor = answer.nextCursor;
    if (cursor === null) break;
  }
  return buses;
}

/**
 * The installer's buses of a campaign and its unassigned ones (what "My buses" shows and claims
 * from), in one list kept on the phone: the screen opens without signal from its last good copy.
 */
export function myBusesQueryOptions(campaignId: number) {
  return queryOptions({
    queryKey: [...campaignBusesKey(campaignId), 'mine-and-unassigned'] as const,
    queryFn: async ({ signal }) => {
      const [mine, unassigned] = await Promise.all([
        busesOf(campaignId, 'me', signal),
        busesOf(campaignId, 'none', signal),
      ]);
      return [...mine, ...unassigned];
    },
    ...persistedQuery('campaign-bus-list'),
  });
}

export function useMyBuses(campaignId: number) {
  return useQuery(myBusesQueryOptions(campaignId));
}
