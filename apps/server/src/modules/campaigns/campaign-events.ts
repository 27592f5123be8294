import type { CampaignEvent, CampaignEventKind } from '@toolkit/contracts/campaigns.ts';
import type { Db } from '../../db/client.ts';
import { insertLog } from '../logs/logs.repository.ts';
import { insertCampaignEvent, selectCampaignEvents } from './campaign-events.repository.ts';

/**
 * The campaign's append-only event record (../shared/docs/campaigns.md). Every write of the
 * campaign module (and the import, export and shipment code) records what it did here, in the
 * same transaction as the write. A bus event also writes one line to that bus's installation log,
 * so the workspace shows it.
 */

export interface CampaignEventInput {
  campaignId: number;
  busId: number | null;
  /** The bus's vehicle (vehicles.id): set for a bus event, which is then logged on that vehicle. */
  vehicleId: number | null;
  clientId: number;
  actorId: number;
  kind: CampaignEventKind;
  payload?: Record<string, unknown>;
  /** When it happened on the phone (a queued write); the server's time otherwise. */
  occurredAt?: Date;
  idempotencyKey?: string | null;
}

/** The installation log's action of a campaign event (`campaign_claimed`, `campaign_accepted`, …). */
export const campaignLogAction = (kind: CampaignEventKind) => `campaign_${kind}`;

const LOG_PHRASES: Record<CampaignEventKind, string> = {
  created: 'campaign created',
  buses_added: 'bus added to the campaign',
  imported: 'bus imported into the campaign',
  assigned: 'bus assigned',
  claimed: 'bus claimed',
  item_set: 'checklist item set',
  blocked: 'blocker reported',
  unblocked: 'blocker cleared',
  submitted: 'submitted for review',
  accepted: 'accepted',
  rejected: 'sent back for rework',
  reopened: 'reopened',
  exported: 'exported',
  unit_installed: 'unit installed from shipment',
  unit_faulty: 'unit marked faulty',
};

/** A readable line for the log: what happened, then the payload's telling parts. */
function logDetails(kind: CampaignEventKind, payload: Record<string, unknown>): string {
  const parts: string[] = [];
  const name = payload.campaignName;
  parts.push(typeof name === 'string' ? `Campaign "${name}": ${LOG_PHRASES[kind]}` : LOG_PHRASES[kind]);
  for (const field of ['label', 'state', 'code', 'assignee', 'reason', 'note'] as const) {
    const value = payload[field];
    if (typeof value === 'string' && value.length > 0) parts.push(`${field}: ${value}`);
  }
  return parts.join('; ').slice(0, 5000);
}

export async function appendCampaignEvent(db: Db, e: CampaignEventInput): Promise<{ id: number }> {
  const payload = e.payload ?? {};
  const occurredAt = e.occurredAt ?? new Date();
  const row = await insertCampaignEvent(db, {
    campaignId: e.campaignId,
    busId: e.busId,
    actorId: e.actorId,
    kind: e.kind,
    payload,
    occurredAt,
    idempotencyKey: e.idempotencyKey ?? null,
  });
  if (e.vehicleId !== null) {
    const deviceId = typeof payload.deviceId === 'string' ? payload.deviceId : null;
    await insertLog(db, {
      userId: e.actorId,
      clientId: e.clientId,
      vehicleId: e.vehicleId,
      deviceId,
      action: campaignLogAction(e.kind),
      details: logDetails(e.kind, payload),
    });
  }
  return row;
}

/** A page of events, oldest first; `nextCursor` is the last id when the page is full. */
export async function listCampaignEvents(
  db: Db,
  filter: { campaignId: number; busId?: number; actorId?: number; cursor?: string; limit?: number },
): Promise<{ items: CampaignEvent[]; nextCursor: string | null }> {
  const limit = filter.limit ?? 200;
  const after =
    filter.cursor !== undefined && /^\d{1,10}$/.test(filter.cursor) ? Number(filter.cursor) : undefined;
  const items = await selectCampaignEvents(db, {
    campaignId: filter.campaignId,
    busId: filter.busId,
    actorId: filter.actorId,
    afterId: after,
    limit,
  });
  const last = items.at(-1);
  return { items, nextCursor: items.length === limit && last ? String(last.id) : null };
}
