import type { CampaignBus } from '@toolkit/contracts/campaigns.ts';

/** A bus sent back by the supervisor: in progress again, with the reason shown in red. */
export const isRework = (bus: Pick<CampaignBus, 'state' | 'reworkReason'>): boolean =>
  bus.state === 'in_progress' && bus.reworkReason !== null;

/** My buses' order: rework first, then in progress, planned, ready for review, accepted. */
function rankOf(bus: CampaignBus): number {
  if (isRework(bus)) return 0;
  return { in_progress: 1, planned: 2, ready_for_review: 3, accepted: 4 }[bus.state];
}

/** Fleet numbers as people read them: 998 before 1003, 1207A after 1207. */
export const byFleetNumber = (a: CampaignBus, b: CampaignBus): number =>
  a.fleetNumber.localeCompare(b.fleetNumber, 'en', { numeric: true, sensitivity: 'base' });

/** The installer's buses in the order they work them, by fleet number within a state. */
export function orderMyBuses(buses: readonly CampaignBus[]): CampaignBus[] {
  return [...buses].sort((a, b) => rankOf(a) - rankOf(b) || byFleetNumber(a, b));
}

/** The search by fleet number, on a part of it, in either case; an empty search keeps every bus. */
export function matchesFleetNumber(bus: CampaignBus, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  return wanted === '' || bus.fleetNumber.toLowerCase().includes(wanted);
}

/** "5/8": the required items done (or not applicable) of those required. */
export const progressText = ({ progress }: Pick<CampaignBus, 'progress'>): string =>
  `${String(progress.done)}/${String(progress.required)}`;
