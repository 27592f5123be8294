import { useMutation } from '@tanstack/react-query';
import type { BusChange, SubmitInput } from '@toolkit/contracts/campaigns.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { busWrite, occurredNow, parseBusChange, type BusRef } from './bus-writes.ts';

/** What a submit for review is, in the outbox (its kind). */
export const SUBMIT_WRITE = 'campaign-submit';

export interface BusSubmit {
  bus: BusRef;
  /** A reason for each required item neither done nor not applicable. */
  exceptions: Record<string, string>;
}

/** POST /api/campaign-buses/{busId}/submit through the outbox. */
export function submitBus({ bus, exceptions }: BusSubmit): Promise<Submitted<BusChange | null>> {
  const body: SubmitInput = {
    ...(Object.keys(exceptions).length > 0 ? { exceptions } : {}),
    occurredAt: occurredNow(),
  };
  return submitWrite(
    {
      label: `Bus ${bus.fleetNumber} submitted for review`,
      method: 'POST',
      body,
      keyPrefix: SUBMIT_WRITE,
      ...busWrite(bus, 'submit'),
    },
    parseBusChange,
  );
}

export function useSubmitBus() {
  return useMutation({ mutationFn: submitBus, networkMode: 'always' });
}
