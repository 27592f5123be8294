import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { USER_ROLES } from '@toolkit/contracts/auth.ts';
import { BLOCKER_CODES, type Assignee } from '@toolkit/contracts/campaigns.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';

/**
 * What the dashboard counts, in three small queries over the campaign's buses (one aggregate
 * each, whatever the campaign's size): counts per state, acceptances per day, the blockers.
 */

const n = z.coerce.number().int();
const when = z.union([z.date(), z.string()]).transform((v) => new Date(v).toISOString());

const CountsRow = z.object({
  total: n,
  planned: n,
  in_progress: n,
  ready_for_review: n,
  accepted: n,
  blocked: n,
});
export type DashboardCounts = z.infer<typeof CountsRow>;

export async function selectCounts(db: Db, campaignId: number): Promise<DashboardCounts> {
  const [row] = await queryRows<unknown>(
    db,
    sql`select count(*)::int as total,
        count(*) filter (where state = 'planned')::int as planned,
        count(*) filter (where state = 'in_progress')::int as in_progress,
        count(*) filter (where state = 'ready_for_review')::int as ready_for_review,
        count(*) filter (where state = 'accepted')::int as accepted,
        count(*) filter (where blocker_code is not null)::int as blocked
      from campaign_buses where campaign_id = ${campaignId}`,
  );
  return CountsRow.parse(row);
}

const DayRow = z.object({ day: z.string(), n });

/** Buses accepted now, per UTC day of their acceptance, in day order. */
export async function selectAcceptedDays(db: Db, campaignId: number): Promise<{ day: string; n: number }[]> {
  const rows = await queryRows<unknown>(
    db,
    sql`select to_char(accepted_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
      from campaign_buses
      where campaign_id = ${campaignId} and state = 'accepted' and accepted_at is not null
      group by 1 order by 1`,
  );
  return rows.map((r) => DayRow.parse(r));
}

const BlockerRow = z.object({
  id: n,
  fleet: z.string(),
  code: z.enum(BLOCKER_CODES),
  note: z.string().nullable(),
  at: when,
});
export type BlockerRow = z.infer<typeof BlockerRow>;

/** The campaign's blocked buses, the longest blocked first. */
export async function selectBlockers(db: Db, campaignId: number): Promise<BlockerRow[]> {
  const rows = await queryRows<unknown>(
    db,
    sql`select cb.id, v.vehicle_id as fleet, cb.blocker_code as code, cb.blocker_note as note,
        cb.blocked_at as at
      from campaign_buses cb join vehicles v on v.id = cb.vehicle_id
      where cb.campaign_id = ${campaignId} and cb.blocker_code is not null and cb.blocked_at is not null
      order by cb.blocked_at, cb.id`,
  );
  return rows.map((r) => BlockerRow.parse(r));
}

const PersonRow = z.object({ id: n, name: z.string(), role: z.string() });

/** The people of an agency (their agencies include it) by name: who buses can be assigned to. */
export async function selectAgencyPeople(db: Db, clientId: number): Promise<Assignee[]> {
  const rows = await queryRows<unknown>(
    db,
    sql`select id, name, role from users where client_ids @> array[${clientId}::integer] order by lower(name), id`,
  );
  return rows.map((raw) => {
    const r = PersonRow.parse(raw);
    const role = USER_ROLES.find((x) => x === r.role) ?? 'installer';
    return { id: r.id, name: r.name, role };
  });
}
