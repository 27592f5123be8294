import { useMutation } from '@tanstack/react-query';
import type { SetItemInput } from '@toolkit/contracts/campaigns.ts';
import { campaignBusKey, campaignBusUrl, campaignKey } from './campaign-urls.ts';
import { supervisorWrite } from './supervisor-write.ts';

/** "Not applicable" with its reason, or taken back (to do): the supervisor's mark on one item. */
export type ItemMark = { key: string; state: 'na'; note: string } | { key: string; state: 'todo' };

/**
 * PUT /api/campaign-buses/{busId}/items/{key} from the board: online only, as every supervisor
 * action. Not applicable without a reason answers 422 REASON_REQUIRED (the form asks first).
 */
export function markBusItem(campaignId: number, busId: number, mark: ItemMark) {
  const body: SetItemInput = mark.state === 'na' ? { state: 'na', note: mark.note } : { state: 'todo' };
  return supervisorWrite(
    'PUT',
    `${campaignBusUrl(busId)}/items/${encodeURIComponent(mark.key)}`,
    body,
    'campaign-item-mark',
    [campaignKey(campaignId), campaignBusKey(busId)],
  );
}

export function useMarkBusItem(campaignId: number, busId: number) {
  return useMutation({ mutationFn: (mark: ItemMark) => markBusItem(campaignId, busId, mark) });
}
