import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { CampaignEvent, CampaignEventKind } from '@toolkit/contracts/campaigns.ts';
import type { Db } from '../../db/client.ts';
import { campaignBuses, campaignEvents, users, vehicles } from '../../db/schema/tables.ts';

export interface NewCampaignEvent {
  campaignId: number;
  busId: number | null;
  actorId: number;
  kind: CampaignEventKind;
  payload: Record<string, unknown>;
  occurredAt: Date;
  idempotencyKey: string | null;
}

/**
 * Appends one event (the table takes inserts and selects only). The idempotency key is unique per
 * campaign: a request that records several events (bulk accept, assign) or a key another user
 * happened to use keeps it on the first and a suffixed copy (`key#<uuid>`) on the others.
 */
export async function insertCampaignEvent(db: Db, e: NewCampaignEvent): Promise<{ id: number }> {
  for (let n = 1; n <= 5; n += 1) {
    const key =
      e.idempotencyKey === null || n === 1 ? e.idempotencyKey : `${e.idempotencyKey}#${randomUUID()}`;
    const [row] = await insertOnce(db, { ...e, idempotencyKey: key });
    if (row) return row;
  }
  throw new Error('campaign event insert returned nothing');
}

function insertOnce(db: Db, e: NewCampaignEvent) {
  return db
    .insert(campaignEvents)
    .values({
      campaignId: e.campaignId,
      busId: e.busId,
      actorId: e.actorId,
      kind: e.kind,
      payload: e.payload,
      occurredAt: e.occurredAt,
      idempotencyKey: e.idempotencyKey,
    })
    .onConflictDoNothing()
    .returning({ id: campaignEvents.id });
}

export interface EventFilter {
  campaignId: number;
  busId?: number | undefined;
  actorId?: number | undefined;
  /** Events after this id (the cursor). */
  afterId?: number | undefined;
  limit: number;
}

/** A campaign's events, oldest first, with their actor's name and their bus's fleet number. */
export async function selectCampaignEvents(db: Db, f: EventFilter): Promise<CampaignEvent[]> {
  const where: SQL[] = [eq(campaignEvents.campaignId, f.campaignId)];
  if (f.busId !== undefined) where.push(eq(campaignEvents.busId, f.busId));
  if (f.actorId !== undefined) where.push(eq(campaignEvents.actorId, f.actorId));
  if (f.afterId !== undefined) where.push(gt(campaignEvents.id, f.afterId));
  const rows = await db
    .select({
      id: campaignEvents.id,
      kind: campaignEvents.kind,
      busId: campaignEvents.busId,
      fleetNumber: sql<
        string | null
      >`coalesce(${vehicles.vehicleId}, ${campaignEvents.payload}->>'fleetNumber')`,
      actorId: campaignEvents.actorId,
      actorName: users.name,
      occurredAt: campaignEvents.occurredAt,
      recordedAt: campaignEvents.recordedAt,
      payload: campaignEvents.payload,
    })
    .from(campaignEvents)
    .innerJoin(users, eq(users.id, campaignEvents.actorId))
    .leftJoin(campaignBuses, eq(campaignBuses.id, campaignEvents.busId))
    .leftJoin(vehicles, eq(vehicles.id, campaignBuses.vehicleId))
    .where(and(...where))
    .orderBy(asc(campaignEvents.id))
    .limit(f.limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    busId: r.busId,
    fleetNumber: r.fleetNumber,
    actor: { id: r.actorId, name: r.actorName },
    occurredAt: r.occurredAt.toISOString(),
    recordedAt: r.recordedAt.toISOString(),
    payload: r.payload,
  }));
}
