import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SetItemInputSchema, type CampaignBusDetail } from '@toolkit/contracts/campaigns.ts';
import { kindOf, type OutboxEntry } from '../../../lib/outbox/entry.ts';
import { onSent } from '../../../lib/outbox/outbox.ts';
import { parseBusChange } from '../api/bus-writes.ts';
import { campaignBusQueryKey } from '../api/get-campaign-bus.ts';
import { ITEM_WRITE, tickedKeyOf } from '../api/set-bus-item.ts';

/**
 * A bus write the server took answers with the bus as it is now. It goes into the bus's kept
 * detail the moment the write is sent, before the write leaves the outbox: the screen goes from
 * what it showed ahead of the server straight to the server's answer, never back for a moment to
 * the copy from before the write (a cleared blocker showing again until the refresh returned).
 * A tick's item takes the ticked state, which the answer does not list. The refresh that follows
 * brings the rest (events, evidence).
 */
export function applyBusAnswer(queryClient: QueryClient, entry: OutboxEntry, answer: unknown): void {
  const change = parseBusChange(answer);
  if (change === null || entry.subject !== change.id) return;
  const { message: _message, ...bus } = change;
  const tick = kindOf(entry) === ITEM_WRITE ? SetItemInputSchema.safeParse(entry.body) : null;
  queryClient.setQueryData<CampaignBusDetail>(campaignBusQueryKey(change.id), (kept) => {
    if (!kept) return kept;
    const key = tickedKeyOf(entry.url);
    const items = tick?.success
      ? kept.items.map((item) => (item.key === key ? { ...item, state: tick.data.state } : item))
      : kept.items;
    return { ...kept, ...bus, items };
  });
}

/** While a bus screen is open, the answers of its writes go into its kept detail as they are sent. */
export function useBusAnswers(): void {
  const queryClient = useQueryClient();
  useEffect(() => onSent((entry, answer) => applyBusAnswer(queryClient, entry, answer)), [queryClient]);
}
