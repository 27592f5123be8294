import { useMutation } from '@tanstack/react-query';
import { CAMPAIGN_BUSES_URL, campaignBusKey, campaignKey } from './campaign-urls.ts';
import { supervisorWrite } from './supervisor-write.ts';

const ASSIGN_URL = `${CAMPAIGN_BUSES_URL}/assign`;

/** POST /api/campaign-buses/assign `{busIds, userId or null}` (null: unassigned). */
export function assignBuses(campaignId: number, busIds: number[], userId: number | null) {
  return supervisorWrite('POST', ASSIGN_URL, { busIds, userId }, 'campaign-assign', [
    campaignKey(campaignId),
    ...busIds.map(campaignBusKey),
  ]);
}

export function useAssignBuses(campaignId: number) {
  return useMutation({
    mutationFn: ({ busIds, userId }: { busIds: number[]; userId: number | null }) =>
      assignBuses(campaignId, busIds, userId),
  });
}
