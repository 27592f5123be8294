import { useMutation } from '@tanstack/react-query';
import {
  type BusChange,
  BLOCKER_LABELS,
  type BlockerCode,
  type BlockInput,
} from '@toolkit/contracts/campaigns.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { busWrite, occurredNow, parseBusChange, type BusRef } from './bus-writes.ts';

/** What a reported blocker is, in the outbox (its kind). */
export const BLOCK_WRITE = 'campaign-block';

export interface Blocker {
  bus: BusRef;
  code: BlockerCode;
  note: string | null;
}

/** POST /api/campaign-buses/{busId}/block through the outbox: "Other" needs a note (the server says so too). */
export function blockBus({ bus, code, note }: Blocker): Promise<Submitted<BusChange | null>> {
  const body: BlockInput = { code, note, occurredAt: occurredNow() };
  return submitWrite(
    {
      label: `Bus ${bus.fleetNumber}: blocker ${BLOCKER_LABELS[code]}`,
      method: 'POST',
      body,
      keyPrefix: BLOCK_WRITE,
      ...busWrite(bus, 'block'),
    },
    parseBusChange,
  );
}

export function useBlockBus() {
  return useMutation({ mutationFn: blockBus, networkMode: 'always' });
}
