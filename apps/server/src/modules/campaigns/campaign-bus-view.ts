import type {
  BusListQuerySchema,
  CampaignBus,
  CampaignBusPage,
  CampaignItem,
} from '@toolkit/contracts/campaigns.ts';
import { CAMPAIGN_BUS_PAGE } from '@toolkit/contracts/campaigns.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import {
  countBusRows,
  selectBusRows,
  type BusCursor,
  type BusFilter,
  type BusRow,
} from './campaign-bus-rows.repository.ts';
import { changedSince, checklistOf, progressOf } from './campaign-checklist.ts';
import { selectCampaign, selectItems, type CampaignRow } from './campaigns.repository.ts';

/** How a bus is shown: its row, its live checklist and what that says. */

export function busOf(row: BusRow, items: readonly CampaignItem[]): CampaignBus {
  const live = checklistOf(items, row.evidence);
  return {
    id: row.id,
    campaignId: row.campaignId,
    vehicleId: row.vehicleId,
    fleetNumber: row.fleetNumber,
    vin: row.vin,
    state: row.state,
    assignee: row.assignee,
    plannedOn: row.plannedOn,
    blocked: row.blocked,
    reworkCount: row.reworkCount,
    reworkReason: row.reworkReason,
    acceptedWithExceptions: row.acceptedWithExceptions,
    changedAfterAcceptance: row.state === 'accepted' && changedSince(row.frozen, live),
    version: row.version,
    progress: progressOf(live),
    lastEvent: row.lastEvent,
  };
}

/** A campaign of the user's agencies, or 404 (another agency's answers as if there were none). */
export async function visibleCampaign(db: Db, user: AuthUser, id: number): Promise<CampaignRow> {
  const campaign = await selectCampaign(db, id);
  if (!campaign || !user.clientIds.includes(campaign.clientId)) throw notFound('Campaign');
  return campaign;
}

/** One bus with its checklist rows (after a write, or for its detail). */
export async function busRow(db: Db, campaignId: number, busId: number): Promise<BusRow> {
  const [row] = await selectBusRows(db, { campaignId, filter: { ids: [busId] }, cursor: null, limit: 1 });
  if (!row) throw notFound('Bus');
  return row;
}

export async function busesByIds(db: Db, campaignId: number, ids: readonly number[]): Promise<CampaignBus[]> {
  if (ids.length === 0) return [];
  const items = await selectItems(db, campaignId);
  const rows = await selectBusRows(db, { campaignId, filter: { ids }, cursor: null, limit: ids.length });
  return rows.map((r) => busOf(r, items));
}

const encodeCursor = (c: BusCursor) =>
  Buffer.from(JSON.stringify([c.rank, c.fleet, c.id])).toString('base64url');

function decodeCursor(text: string | undefined): BusCursor | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [rank, fleet, id] = value as unknown[];
    if (typeof rank !== 'number' || typeof fleet !== 'string' || typeof id !== 'number') return null;
    if (!Number.isInteger(rank) || !Number.isInteger(id) || Math.abs(id) > 2 ** 31 || Math.abs(rank) > 10)
      return null;
    return { rank, fleet, id };
  } catch {
    return null;
  }
}

/** A page of the campaign's buses in board order, filtered; keyset pagination by the cursor. */
export async function busPage(
  db: Db,
  user: AuthUser,
  campaignId: number,
  q: z.output<typeof BusListQuerySchema>,
): Promise<CampaignBusPage> {
  const filter: BusFilter = {
    state: q.state,
    assigneeId: q.assignee === 'me' ? user.id : q.assignee === 'none' ? null : q.assignee,
    blocked: q.blocked === undefined ? undefined : q.blocked === 'true',
    fleetLike: q.q,
  };
  const items = await selectItems(db, campaignId);
  const rows = await selectBusRows(db, {
    campaignId,
    filter,
    cursor: decodeCursor(q.cursor),
    limit: CAMPAIGN_BUS_PAGE,
  });
  const total = await countBusRows(db, campaignId, filter);
  const last = rows.at(-1);
  return {
    items: rows.map((r) => busOf(r, items)),
    nextCursor:
      rows.length === CAMPAIGN_BUS_PAGE && last
        ? encodeCursor({ rank: last.rank, fleet: last.fleetNumber, id: last.id })
        : null,
    total,
  };
}
