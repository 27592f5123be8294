import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type {
  CampaignItem,
  CampaignStatus,
  CampaignSummary,
  CreateCampaignInputSchema,
} from '@toolkit/contracts/campaigns.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { campaignBuses, campaignItems, campaigns, clients, users } from '../../db/schema/tables.ts';

type ItemInput = z.output<typeof CreateCampaignInputSchema>['items'][number];

export interface CampaignRow {
  id: number;
  clientId: number;
  name: string;
  status: CampaignStatus;
  startsOn: string | null;
  dueOn: string | null;
  createdBy: { id: number; name: string };
  createdAt: string;
  revision: number;
}

function toItem(r: typeof campaignItems.$inferSelect): CampaignItem {
  const item: CampaignItem = {
    key: r.key,
    label: r.label,
    kind: r.kind,
    required: r.required,
    position: r.position,
  };
  if (r.deviceType !== null) item.deviceType = r.deviceType;
  if (r.quantity !== null) item.quantity = r.quantity;
  if (r.testKey !== null) item.testKey = r.testKey;
  if (r.kind === 'test') item.warningCounts = r.warningCounts;
  if (r.photoType !== null) item.photoType = r.photoType;
  if (r.minCount !== null) item.minCount = r.minCount;
  return item;
}

export async function findClientName(db: Db, clientId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: clients.name })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row?.name ?? null;
}

/**
 * The agency's short name (file names) and its name as the client list shows it: its full name,
 * else its short one (the export's cell).
 */
export async function findClientNames(
  db: Db,
  clientId: number,
): Promise<{ short: string; shown: string } | null> {
  const [row] = await db
    .select({ name: clients.name, fullName: clients.fullName })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row ? { short: row.name, shown: row.fullName ?? row.name } : null;
}

/** Another campaign of the agency with this name, any case. */
export async function nameTaken(db: Db, clientId: number, name: string, exceptId = 0): Promise<boolean> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.clientId, clientId),
        sql`lower(${campaigns.name}) = lower(${name})`,
        ne(campaigns.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertCampaign(
  db: Db,
  values: {
    clientId: number;
    name: string;
    startsOn: string | null;
    dueOn: string | null;
    createdBy: number;
  },
): Promise<number | null> {
  const [row] = await db
    .insert(campaigns)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: campaigns.id });
  return row?.id ?? null;
}

export async function replaceItems(db: Db, campaignId: number, items: readonly ItemInput[]): Promise<void> {
  await db.delete(campaignItems).where(eq(campaignItems.campaignId, campaignId));
  await db.insert(campaignItems).values(
    items.map((i, position) => ({
      campaignId,
      key: i.key,
      label: i.label,
      kind: i.kind,
      deviceType: i.kind === 'fit' ? i.deviceType : null,
      quantity: i.kind === 'fit' ? (i.quantity ?? 1) : null,
      testKey: i.kind === 'test' ? i.testKey : null,
      warningCounts: i.kind === 'test' ? (i.warningCounts ?? false) : false,
      photoType: i.kind === 'photo' ? i.photoType : null,
      minCount: i.kind === 'photo' ? (i.minCount ?? 1) : null,
      required: i.required,
      position,
    })),
  );
}

/** The checklist as stored from these inputs (replaceItems), for comparison with the stored one. */
function storedShape(items: readonly (ItemInput | CampaignItem)[]): string {
  return JSON.stringify(
    items.map((i) => [
      i.key,
      i.label,
      i.kind,
      i.kind === 'fit' ? i.deviceType : null,
      i.kind === 'fit' ? (i.quantity ?? 1) : null,
      i.kind === 'test' ? i.testKey : null,
      i.kind === 'test' ? (i.warningCounts ?? false) : false,
      i.kind === 'photo' ? i.photoType : null,
      i.kind === 'photo' ? (i.minCount ?? 1) : null,
      i.required,
    ]),
  );
}

/** Whether these inputs would store the checklist the campaign has (a form sending it unchanged). */
export function sameItems(stored: readonly CampaignItem[], input: readonly ItemInput[]): boolean {
  return storedShape(stored) === storedShape(input);
}

/** Whether a bus of the campaign has been submitted (it keeps the checklist frozen then). */
export async function hasFrozenBus(db: Db, campaignId: number): Promise<boolean> {
  const rows = await db
    .select({ id: campaignBuses.id })
    .from(campaignBuses)
    .where(and(eq(campaignBuses.campaignId, campaignId), isNotNull(campaignBuses.frozen)))
    .limit(1);
  return rows.length > 0;
}

export async function selectCampaign(db: Db, id: number): Promise<CampaignRow | null> {
  const [r] = await db
    .select({ c: campaigns, creator: users.name })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.createdBy))
    .where(eq(campaigns.id, id))
    .limit(1);
  if (!r) return null;
  const c = r.c;
  return {
    id: c.id,
    clientId: c.clientId,
    name: c.name,
    status: c.status,
    startsOn: c.startsOn,
    dueOn: c.dueOn,
    createdBy: { id: c.createdBy, name: r.creator },
    createdAt: c.createdAt.toISOString(),
    revision: c.revision,
  };
}

export async function selectItems(db: Db, campaignId: number): Promise<CampaignItem[]> {
  const rows = await db
    .select()
    .from(campaignItems)
    .where(eq(campaignItems.campaignId, campaignId))
    .orderBy(asc(campaignItems.position));
  return rows.map(toItem);
}

export async function updateCampaignRow(
  db: Db,
  id: number,
  patch: Partial<Pick<typeof campaigns.$inferInsert, 'name' | 'startsOn' | 'dueOn' | 'status'>>,
): Promise<void> {
  if (Object.keys(patch).length > 0) await db.update(campaigns).set(patch).where(eq(campaigns.id, id));
}

/** Every change to a campaign or its buses bumps its revision (delta lists, ETags). */
export async function bumpRevision(db: Db, campaignId: number): Promise<void> {
  await db
    .update(campaigns)
    .set({ revision: sql`${campaigns.revision} + 1` })
    .where(eq(campaigns.id, campaignId));
}

/** A closed campaign frees its buses for another one; reopened, it takes them back. */
export async function setBusesActive(db: Db, campaignId: number, active: boolean): Promise<void> {
  await db.update(campaignBuses).set({ active }).where(eq(campaignBuses.campaignId, campaignId));
}

/** Fleet numbers of this campaign's buses that are now in another active campaign. */
export async function busesActiveElsewhere(
  db: Db,
  campaignId: number,
): Promise<{ fleet: string; campaign: string }[]> {
  return queryRows<{ fleet: string; campaign: string }>(
    db,
    sql`select v.vehicle_id as fleet, c.name as campaign
      from campaign_buses mine join campaign_buses other on other.vehicle_id = mine.vehicle_id
        and other.active and other.campaign_id <> mine.campaign_id
      join campaigns c on c.id = other.campaign_id join vehicles v on v.id = mine.vehicle_id
      where mine.campaign_id = ${campaignId} order by v.vehicle_id limit 1`,
  );
}

/** The agency's campaigns with their counts per state, blocked, and the user's and unassigned buses. */
export async function listSummaries(db: Db, clientId: number, userId: number): Promise<CampaignSummary[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select c.id, c.name, c.status, c.starts_on, c.due_on, c.created_by, u.name as creator, c.created_at,
        c.revision,
        count(cb.id)::int as total,
        count(cb.id) filter (where cb.state = 'planned')::int as planned,
        count(cb.id) filter (where cb.state = 'in_progress')::int as in_progress,
        count(cb.id) filter (where cb.state = 'ready_for_review')::int as ready_for_review,
        count(cb.id) filter (where cb.state = 'accepted')::int as accepted,
        count(cb.id) filter (where cb.blocker_code is not null)::int as blocked,
        count(cb.id) filter (where cb.assignee_id = ${userId})::int as mine,
        count(cb.id) filter (where cb.assignee_id is null and cb.state <> 'accepted')::int as unassigned
      from campaigns c join users u on u.id = c.created_by
      left join campaign_buses cb on cb.campaign_id = c.id
      where c.client_id = ${clientId}
      group by c.id, u.name
      order by c.status, c.created_at desc, c.id desc`,
  );
  const n = (v: unknown) => Number(v ?? 0);
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return rows.map((r) => ({
    id: n(r.id),
    clientId,
    name: String(r.name),
    status: r.status === 'closed' ? 'closed' : 'active',
    startsOn: text(r.starts_on),
    dueOn: text(r.due_on),
    createdBy: { id: n(r.created_by), name: String(r.creator) },
    createdAt: (r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at))).toISOString(),
    revision: n(r.revision),
    total: n(r.total),
    counts: {
      planned: n(r.planned),
      in_progress: n(r.in_progress),
      ready_for_review: n(r.ready_for_review),
      accepted: n(r.accepted),
    },
    blocked: n(r.blocked),
    mine: n(r.mine),
    unassigned: n(r.unassigned),
  }));
}

/** A user who may work in this agency (their agencies include it), with their name. */
export async function findAgencyUser(
  db: Db,
  userId: number,
  clientId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.clientIds} @> array[${clientId}::integer]`))
    .limit(1);
  return row ?? null;
}
