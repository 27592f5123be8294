import { useMutation } from '@tanstack/react-query';
import { AddBusesResultSchema } from '@toolkit/contracts/campaigns.ts';
import { supervisorWrite } from './supervisor-write.ts';
import { campaignKey, campaignUrl } from './campaign-urls.ts';

/** POST /api/campaigns/{id}/buses `{vehicleIds}`: adds buses from the vehicle list. */
export async function addBuses(campaignId: number, vehicleIds: number[]) {
  const answer = await supervisorWrite(
    'POST',
    `${campaignUrl(campaignId)}/buses`,
    { vehicleIds },
    'campaign-add-buses',
    [campaignKey(campaignId)],
  );
  return AddBusesResultSchema.parse(answer);
}

export function useAddBuses(campaignId: number) {
  return useMutation({ mutationFn: (vehicleIds: number[]) => addBuses(campaignId, vehicleIds) });
}
