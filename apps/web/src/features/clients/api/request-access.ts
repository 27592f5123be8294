import { useMutation } from '@tanstack/react-query';
import type { AccessRequestInput } from '@toolkit/contracts/clients.ts';
import { ACCESS_REQUEST_DELAY_MS } from '@toolkit/contracts/constants.ts';

/** §6: the access request is only simulated on the client: a one-second delay, no call. */
export async function requestAccess(input: AccessRequestInput): Promise<AccessRequestInput> {
  await new Promise((resolve) => setTimeout(resolve, ACCESS_REQUEST_DELAY_MS));
  return input;
}

export function useRequestAccess() {
  return useMutation({ mutationFn: requestAccess });
}
