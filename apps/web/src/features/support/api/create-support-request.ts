import { useMutation } from '@tanstack/react-query';
import {
  SUPPORT_REQUEST_LABELS,
  SupportRequestSchema,
  type CreateSupportRequestInput,
  type SupportRequest,
} from '@toolkit/contracts/support.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { SUPPORT_REQUESTS_URL, supportRequestsQueryOptions } from './get-support-requests.ts';

/** What the pending list calls a request: its kind and what it is about ('Support request: Tablet frozen'). */
export function supportRequestLabel(input: CreateSupportRequestInput): string {
  const about =
    input.kind === 'add-vehicle'
      ? input.vehicleId
      : input.kind === 'request-access'
        ? input.accountId
        : input.kind === 'support'
          ? input.subject
          : input.clientName;
  const short = about.length > 60 ? `${about.slice(0, 57)}...` : about;
  return `${SUPPORT_REQUEST_LABELS[input.kind]} request: ${short}`;
}

/**
 * POST /api/support-requests through the outbox, like every other write (decision 037): kept on the
 * phone with its Idempotency-Key first, sent now or, without signal, when the connection returns
 * (a reload loses nothing); stored on the server and e-mailed to the agency's support address. The
 * user's list of requests refreshes when the server has it.
 */
export function createSupportRequest(input: CreateSupportRequestInput): Promise<Submitted<SupportRequest>> {
  return submitWrite(
    {
      label: supportRequestLabel(input),
      method: 'POST',
      url: SUPPORT_REQUESTS_URL,
      body: input,
      keyPrefix: 'support',
      invalidate: [supportRequestsQueryOptions().queryKey],
    },
    (answer) => SupportRequestSchema.parse(answer),
  );
}

/** A request as the screens file it: Your Requests is refreshed once the server has it. */
export function useCreateSupportRequest() {
  return useMutation({
    // The outbox keeps the request without signal: the mutation must not wait for one.
    networkMode: 'always',
    mutationFn: createSupportRequest,
  });
}
