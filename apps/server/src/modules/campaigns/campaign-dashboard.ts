import {
  BLOCKER_LABELS,
  DASHBOARD_DAYS,
  type BlockerGroup,
  type BlockerCode,
  type CampaignDashboard,
  type DayPoint,
} from '@toolkit/contracts/campaigns.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../lib/types.ts';
import { visibleCampaign } from './campaign-bus-view.ts';
import {
  selectAcceptedDays,
  selectBlockers,
  selectCounts,
  type BlockerRow,
} from './campaign-dashboard.repository.ts';
import type { CampaignRow } from './campaigns.repository.ts';

/** The supervisor's dashboard (../shared/docs/campaigns.md, "Screens"), counted by the server. */

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The last `days` UTC days, today last: buses accepted each day and up to its end, against the
 * straight line from the campaign's start (or creation) at 0 to its due date at every bus.
 */
export function acceptedPerDay(
  campaign: Pick<CampaignRow, 'startsOn' | 'dueOn' | 'createdAt'>,
  acceptedDays: readonly { day: string; n: number }[],
  busCount: number,
  now: number,
  days = DASHBOARD_DAYS,
): DayPoint[] {
  const start = msOf(campaign.startsOn ?? campaign.createdAt.slice(0, 10));
  const due = campaign.dueOn ? msOf(campaign.dueOn) : null;
  const today = msOf(dayOf(now));
  const first = dayOf(today - (days - 1) * DAY_MS);
  let total = acceptedDays.filter((d) => d.day < first).reduce((sum, d) => sum + d.n, 0);
  const points: DayPoint[] = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const dayStart = today - i * DAY_MS;
    const day = dayOf(dayStart);
    const accepted = acceptedDays.find((d) => d.day === day)?.n ?? 0;
    total += accepted;
    let target: number | null = null;
    if (due !== null) {
      const span = Math.max(DAY_MS, due - start);
      target = Math.min(1, Math.max(0, (dayStart - start) / span)) * busCount;
    }
    points.push({ day, accepted, total, target });
  }
  return points;
}

/** Blocked buses by code: the group blocked longest first, its buses oldest first (rows come oldest first). */
export function blockersByCode(rows: readonly BlockerRow[]): BlockerGroup[] {
  const groups = new Map<BlockerCode, BlockerGroup>();
  for (const r of rows) {
    const group = groups.get(r.code) ?? { code: r.code, label: BLOCKER_LABELS[r.code], buses: [] };
    group.buses.push({ id: r.id, fleetNumber: r.fleet, at: r.at, note: r.note });
    groups.set(r.code, group);
  }
  return [...groups.values()];
}

export async function campaignDashboard(
  db: Db,
  user: AuthUser,
  campaignId: number,
  now = Date.now(),
): Promise<CampaignDashboard> {
  const campaign = await visibleCampaign(db, user, campaignId);
  const { total, blocked, ...counts } = await selectCounts(db, campaignId);
  const days = await selectAcceptedDays(db, campaignId);
  const blockers = await selectBlockers(db, campaignId);
  return {
    campaignId,
    total,
    counts,
    blocked,
    shareAccepted: total === 0 ? 0 : Math.round((counts.accepted / total) * 100),
    dueOn: campaign.dueOn,
    acceptedPerDay: acceptedPerDay(campaign, days, total, now),
    blockers: blockersByCode(blockers),
    asOf: new Date(now).toISOString(),
  };
}
