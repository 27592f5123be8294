import { useMutation } from '@tanstack/react-query';
import { CampaignSchema, type CreateCampaignInput } from '@toolkit/contracts/campaigns.ts';
import { supervisorWrite } from './supervisor-write.ts';
import { campaignsQueryKey } from './get-campaigns.ts';
import { CAMPAIGNS_URL } from './campaign-urls.ts';

/** POST /api/campaigns: 201 with the campaign; the same name answers 409 CAMPAIGN_EXISTS. */
export async function createCampaign(input: CreateCampaignInput) {
  const answer = await supervisorWrite('POST', CAMPAIGNS_URL, input, 'campaign-create', [
    campaignsQueryKey(input.clientId),
  ]);
  return CampaignSchema.parse(answer);
}

export function useCreateCampaign() {
  return useMutation({ mutationFn: createCampaign });
}
