import { useMutation } from '@tanstack/react-query';
import type { AccessRequestInput } from '@toolkit/contracts/clients.ts';
import type { SupportRequest } from '@toolkit/contracts/support.ts';
import type { Submitted } from '../../../lib/outbox/submit.ts';
import { createSupportRequest } from './create-support-request.ts';

/**
 * The access request to a new agency: filed as a support request (stored on the server and
 * e-mailed to support) rather than only simulated (decision 017), through the outbox (decision 037).
 */
export function requestAccess(input: AccessRequestInput): Promise<Submitted<SupportRequest>> {
  return createSupportRequest({ kind: 'client-access', ...input });
}

export function useRequestAccess() {
  return useMutation({
    // The outbox keeps the request without signal: the mutation must not wait for one.
    networkMode: 'always',
    mutationFn: requestAccess,
  });
}
