import { queryOptions, useQuery } from '@tanstack/react-query';
import { SupportRequestListSchema } from '@toolkit/contracts/support.ts';
import { jsonQuery } from '../../../lib/api-client.ts';

/** GET /api/support-requests: the user's own requests and their state, newest first. */
export const SUPPORT_REQUESTS_URL = '/api/support-requests';

export function supportRequestsQueryOptions() {
  return queryOptions({
    queryKey: [SUPPORT_REQUESTS_URL],
    queryFn: jsonQuery(SupportRequestListSchema),
  });
}

export function useSupportRequests() {
  return useQuery(supportRequestsQueryOptions());
}
