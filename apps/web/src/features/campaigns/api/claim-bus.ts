import { useMutation } from '@tanstack/react-query';
import { CAMPAIGN_MESSAGES, type BusChange } from '@toolkit/contracts/campaigns.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { busWrite, occurredNow, parseBusChange, type BusRef } from './bus-writes.ts';

/** What a claim is, in the outbox (its kind). */
export const CLAIM_WRITE = 'campaign-claim';

/**
 * POST /api/campaign-buses/{busId}/claim through the outbox: the bus is the installer's. Two
 * claiming one bus: the second reads the server's "Bus 1207 is assigned to Casey Crew." (thrown
 * while they are here, kept as the refusal when it was queued).
 */
export function claimBus(bus: BusRef): Promise<Submitted<BusChange | null>> {
  return submitWrite(
    {
      label: CAMPAIGN_MESSAGES.claim(bus.fleetNumber),
      method: 'POST',
      body: { occurredAt: occurredNow() },
      keyPrefix: CLAIM_WRITE,
      ...busWrite(bus, 'claim'),
    },
    parseBusChange,
  );
}

export function useClaimBus() {
  return useMutation({ mutationFn: claimBus, networkMode: 'always' });
}
