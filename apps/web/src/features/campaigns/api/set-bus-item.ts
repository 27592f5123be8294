import { useMutation } from '@tanstack/react-query';
import type { BusChange, SetItemInput } from '@toolkit/contracts/campaigns.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { busWrite, occurredNow, parseBusChange, type BusRef } from './bus-writes.ts';

/** What a manual tick is, in the outbox (its kind). */
export const ITEM_WRITE = 'campaign-item';

export interface ItemTick {
  bus: BusRef;
  key: string;
  label: string;
  state: 'done' | 'todo';
  note: string | null;
}

/** The item key a kept tick names: the last segment of its URL (`…/items/{key}`). */
export const tickedKeyOf = (url: string): string => decodeURIComponent(url.split('/').at(-1) ?? '');

/** PUT /api/campaign-buses/{busId}/items/{key} through the outbox: a manual item ticked or unticked. */
export function setBusItem({ bus, key, label, state, note }: ItemTick): Promise<Submitted<BusChange | null>> {
  const body: SetItemInput = { state, note, occurredAt: occurredNow() };
  return submitWrite(
    {
      label: `Bus ${bus.fleetNumber}: ${label} ${state === 'done' ? 'ticked' : 'unticked'}`,
      method: 'PUT',
      body,
      keyPrefix: ITEM_WRITE,
      ...busWrite(bus, `items/${encodeURIComponent(key)}`),
    },
    parseBusChange,
  );
}

export function useSetBusItem() {
  return useMutation({ mutationFn: setBusItem, networkMode: 'always' });
}
