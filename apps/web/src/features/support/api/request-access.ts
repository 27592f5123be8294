import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessRequestInput } from '@toolkit/contracts/clients.ts';
import type { SupportRequest } from '@toolkit/contracts/support.ts';
import { createSupportRequest } from './create-support-request.ts';
import { supportRequestsQueryOptions } from './get-support-requests.ts';

/**
 * The access request to a new agency: filed as a support request (stored on the server and
 * e-mailed to support) rather than only simulated (decision 017).
 */
export function requestAccess(input: AccessRequestInput): Promise<SupportRequest> {
  return createSupportRequest({ kind: 'client-access', ...input });
}

export function useRequestAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAccess,
    onSuccess: () => queryClient.invalidateQueries(supportRequestsQueryOptions()),
  });
}
