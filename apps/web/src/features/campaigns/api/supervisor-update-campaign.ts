import { useMutation } from '@tanstack/react-query';
import { CampaignSchema, type UpdateCampaignInput } from '@toolkit/contracts/campaigns.ts';
import { campaignKey, campaignUrl } from './campaign-urls.ts';
import { supervisorWrite } from './supervisor-write.ts';

/**
 * PATCH /api/campaigns/{id}: name, dates, the checklist (until a bus is submitted: 409
 * CHECKLIST_LOCKED), or the status (close, reopen). A closed campaign changes only by reopening.
 */
export async function updateCampaign(campaignId: number, input: UpdateCampaignInput) {
  const answer = await supervisorWrite('PATCH', campaignUrl(campaignId), input, 'campaign-update', [
    campaignKey(campaignId),
  ]);
  return CampaignSchema.parse(answer);
}

export function useUpdateCampaign(campaignId: number) {
  return useMutation({ mutationFn: (input: UpdateCampaignInput) => updateCampaign(campaignId, input) });
}
