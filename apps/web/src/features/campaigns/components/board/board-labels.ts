import {
  BUS_FLAG_LABELS,
  BUS_STATE_LABELS,
  type CampaignBus,
  type CampaignEventKind,
} from '@toolkit/contracts/campaigns.ts';

/** How the board names each event (the events list and the bus's last event). */
export const EVENT_LABELS: Record<CampaignEventKind, string> = {
  created: 'Campaign created',
  buses_added: 'Buses added',
  imported: 'Bus list imported',
  assigned: 'Assigned',
  claimed: 'Claimed',
  item_set: 'Item set',
  blocked: 'Blocked',
  unblocked: 'Unblocked',
  submitted: 'Submitted for review',
  accepted: 'Accepted',
  rejected: 'Rejected',
  reopened: 'Reopened',
  exported: 'Exported',
  unit_installed: 'Unit installed',
  unit_faulty: 'Unit marked faulty',
};

/** The bus's state in words, as the board names it ("Accepted with exceptions" when forced). */
export function stateWords(bus: Pick<CampaignBus, 'state' | 'acceptedWithExceptions'>): string {
  if (bus.state === 'accepted' && bus.acceptedWithExceptions) return BUS_FLAG_LABELS.acceptedWithExceptions;
  return BUS_STATE_LABELS[bus.state];
}

/** The flags beside the state: blocked, rework, changed after acceptance. */
export function flagWords(
  bus: Pick<CampaignBus, 'state' | 'blocked' | 'reworkCount' | 'changedAfterAcceptance'>,
): string[] {
  const flags: string[] = [];
  if (bus.blocked) flags.push(BUS_FLAG_LABELS.blocked);
  if (bus.state === 'in_progress' && bus.reworkCount > 0) flags.push(BUS_FLAG_LABELS.rework);
  if (bus.changedAfterAcceptance) flags.push(BUS_FLAG_LABELS.changedAfterAcceptance);
  return flags;
}

export { dayWords, shortTime } from '../../../../lib/words.ts';
