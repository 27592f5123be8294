import type { ItemState } from '@toolkit/contracts/campaigns.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { ITEM_STATE_LABELS } from '../../utils/checklist.ts';

const TONES = {
  done: 'success',
  todo: 'neutral',
  failed: 'destructive',
  na: 'neutral',
  pending: 'warning',
} as const;

/** An item's state in words: Done, To do, Failed, Not applicable, Waiting to sync. */
export function ItemStateBadge({ state }: { state: ItemState }) {
  return <Badge tone={TONES[state]}>{ITEM_STATE_LABELS[state]}</Badge>;
}
