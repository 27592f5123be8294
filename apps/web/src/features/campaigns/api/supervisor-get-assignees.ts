import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssigneeListSchema } from '@toolkit/contracts/campaigns.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { campaignKey } from './campaign-urls.ts';

/** GET /api/campaigns/{id}/assignees (supervisor): the agency's people buses can be assigned to. */
export function assigneesQueryOptions(campaignId: number) {
  return queryOptions({
    queryKey: [...campaignKey(campaignId), 'assignees'] as const,
    queryFn: jsonQuery(AssigneeListSchema),
    staleTime: 5 * 60_000,
  });
}

export function useAssignees(campaignId: number, enabled = true) {
  return useQuery({ ...assigneesQueryOptions(campaignId), enabled });
}
