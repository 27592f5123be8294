import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SupportRequestSchema,
  type CreateSupportRequestInput,
  type SupportRequest,
} from '@toolkit/contracts/support.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { SUPPORT_REQUESTS_URL, supportRequestsQueryOptions } from './get-support-requests.ts';

/** POST /api/support-requests: stored on the server and e-mailed to the agency's support address. */
export async function createSupportRequest(input: CreateSupportRequestInput): Promise<SupportRequest> {
  const res = await apiRequest('POST', SUPPORT_REQUESTS_URL, input, newIdempotencyKey('support'));
  return SupportRequestSchema.parse(await res.json());
}

export function useCreateSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportRequest,
    onSuccess: () => queryClient.invalidateQueries(supportRequestsQueryOptions()),
  });
}
