import { useMutation } from '@tanstack/react-query';
import { campaignBusKey, campaignBusUrl, campaignKey } from './campaign-urls.ts';
import { supervisorWrite } from './supervisor-write.ts';

/**
 * DELETE /api/campaign-buses/{busId}: a planned bus leaves its campaign; one with work recorded
 * answers 409 BUS_NOT_PLANNED in the design's words.
 */
export function removeBus(campaignId: number, busId: number) {
  return supervisorWrite('DELETE', campaignBusUrl(busId), undefined, 'campaign-remove-bus', [
    campaignKey(campaignId),
    campaignBusKey(busId),
  ]);
}

export function useRemoveBus(campaignId: number, busId: number) {
  return useMutation({ mutationFn: () => removeBus(campaignId, busId) });
}
