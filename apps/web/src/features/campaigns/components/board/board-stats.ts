import {
  BLOCKER_LABELS,
  type BlockerCode,
  type BusState,
  type Campaign,
  type CampaignBus,
  type CampaignEvent,
} from '@toolkit/contracts/campaigns.ts';

export type BoardCounts = Record<BusState, number> & { blocked: number; total: number };

/** Buses per state, blocked beside them (a flag, not a state). */
export function countBuses(buses: readonly CampaignBus[]): BoardCounts {
  const counts: BoardCounts = {
    planned: 0,
    in_progress: 0,
    ready_for_review: 0,
    accepted: 0,
    blocked: 0,
    total: 0,
  };
  for (const bus of buses) {
    counts[bus.state] += 1;
    if (bus.blocked) counts.blocked += 1;
    counts.total += 1;
  }
  return counts;
}

/** The share accepted, in whole per cent. */
export function shareAccepted(counts: BoardCounts): number {
  return counts.total === 0 ? 0 : Math.round((counts.accepted / counts.total) * 100);
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export type DayPoint = {
  day: string;
  /** Buses accepted that day (still accepted now). */
  accepted: number;
  /** Buses accepted up to the end of that day. */
  total: number;
  /** Where the straight line from the start to the due date stands that day; null without a due date. */
  target: number | null;
};

/** When each bus now accepted was accepted: its latest `accepted` event. */
function acceptanceTimes(buses: readonly CampaignBus[], events: readonly CampaignEvent[]): number[] {
  const accepted = new Set(buses.filter((b) => b.state === 'accepted').map((b) => b.id));
  const latest = new Map<number, number>();
  for (const event of events) {
    if (event.kind !== 'accepted' || event.busId === null || !accepted.has(event.busId)) continue;
    latest.set(event.busId, Math.max(latest.get(event.busId) ?? 0, Date.parse(event.recordedAt)));
  }
  return [...latest.values()];
}

/**
 * The last `days` days (UTC, today last): buses accepted each day and in all, against the straight
 * line from the campaign's start (or creation) at 0 to its due date at every bus.
 */
export function acceptedPerDay(
  campaign: Pick<Campaign, 'startsOn' | 'dueOn' | 'createdAt'>,
  buses: readonly CampaignBus[],
  events: readonly CampaignEvent[],
  now: number,
  days = 14,
): DayPoint[] {
  const times = acceptanceTimes(buses, events);
  const start = msOf(campaign.startsOn ?? campaign.createdAt.slice(0, 10));
  const due = campaign.dueOn ? msOf(campaign.dueOn) : null;
  const today = msOf(dayOf(now));
  const points: DayPoint[] = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const dayStart = today - i * DAY_MS;
    const dayEnd = dayStart + DAY_MS;
    const accepted = times.filter((t) => t >= dayStart && t < dayEnd).length;
    const total = times.filter((t) => t < dayEnd).length;
    let target: number | null = null;
    if (due !== null) {
      const span = Math.max(DAY_MS, due - start);
      target = Math.min(1, Math.max(0, (dayStart - start) / span)) * buses.length;
    }
    points.push({ day: dayOf(dayStart), accepted, total, target });
  }
  return points;
}

export type BlockerGroup = {
  code: BlockerCode;
  label: string;
  buses: { id: number; fleetNumber: string; at: string; note: string | null }[];
};

/** Blocked buses by code: the group blocked longest first, its buses oldest first. */
export function blockersByCode(buses: readonly CampaignBus[]): BlockerGroup[] {
  const groups = new Map<BlockerCode, BlockerGroup>();
  for (const bus of buses) {
    if (!bus.blocked) continue;
    const { code, at, note } = bus.blocked;
    const group = groups.get(code) ?? { code, label: BLOCKER_LABELS[code], buses: [] };
    group.buses.push({ id: bus.id, fleetNumber: bus.fleetNumber, at, note });
    groups.set(code, group);
  }
  const list = [...groups.values()];
  for (const group of list) group.buses.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const oldest = (g: BlockerGroup) => Date.parse(g.buses[0]?.at ?? '');
  return list.sort((a, b) => oldest(a) - oldest(b));
}
