import type { BusItem, CampaignItemKind, ItemState } from '@toolkit/contracts/campaigns.ts';

/** The checklist's groups, in the order the installer works them. */
export const ITEM_GROUPS: readonly { kind: CampaignItemKind; title: string }[] = [
  { kind: 'fit', title: 'Fit' },
  { kind: 'test', title: 'Test' },
  { kind: 'photo', title: 'Photos' },
  { kind: 'manual', title: 'Checks' },
];

/** An item's state in words. */
export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  done: 'Done',
  todo: 'To do',
  failed: 'Failed',
  na: 'Not applicable',
  pending: 'Waiting to sync',
};

/** Items of a group in checklist order. */
export const itemsOfKind = (items: readonly BusItem[], kind: CampaignItemKind): BusItem[] =>
  items.filter((i) => i.kind === kind).sort((a, b) => a.position - b.position);

/**
 * The required items neither done nor not applicable, in checklist order: what submit lists and
 * asks a reason for ("Bus 1207 is missing: Connectivity test, After photo").
 */
export const missingItems = (items: readonly BusItem[]): BusItem[] =>
  items
    .filter((i) => i.required && i.state !== 'done' && i.state !== 'na')
    .sort((a, b) => a.position - b.position);

/**
 * The checklist as this phone sees it: a manual item takes the state of its tick still waiting to
 * be sent. Derived items (fit, test, photo) fill themselves from the server's evidence only: a
 * queued write never makes one look done.
 */
export function withWaitingTicks(
  items: readonly BusItem[],
  ticks: ReadonlyMap<string, 'done' | 'todo'>,
): BusItem[] {
  return items.map((item) => {
    const ticked = item.kind === 'manual' ? ticks.get(item.key) : undefined;
    return ticked === undefined ? item : { ...item, state: ticked };
  });
}
