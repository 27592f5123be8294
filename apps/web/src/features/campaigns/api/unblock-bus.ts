import type { BusChange } from '@toolkit/contracts/campaigns.ts';
import { useMutation } from '@tanstack/react-query';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { busWrite, occurredNow, parseBusChange, type BusRef } from './bus-writes.ts';

/** What a cleared blocker is, in the outbox (its kind). */
export const UNBLOCK_WRITE = 'campaign-unblock';

/** POST /api/campaign-buses/{busId}/unblock through the outbox. */
export function unblockBus(bus: BusRef): Promise<Submitted<BusChange | null>> {
  return submitWrite(
    {
      label: `Bus ${bus.fleetNumber}: blocker cleared`,
      method: 'POST',
      body: { occurredAt: occurredNow() },
      keyPrefix: UNBLOCK_WRITE,
      ...busWrite(bus, 'unblock'),
    },
    parseBusChange,
  );
}

export function useUnblockBus() {
  return useMutation({ mutationFn: unblockBus, networkMode: 'always' });
}
