import type { CampaignEventKind } from '@toolkit/contracts/campaigns.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../lib/types.ts';
import { appendCampaignEvent } from './campaign-events.ts';
import type { LockedBus } from './campaign-buses.repository.ts';
import { bumpRevision } from './campaigns.repository.ts';

/** Who writes, under which Idempotency-Key, and when it happened on the phone (a queued write). */
export interface WriteContext {
  user: AuthUser;
  idempotencyKey: string | null;
  occurredAt: Date;
}

export function writeContext(
  user: AuthUser,
  idempotencyKey: string | null,
  occurredAt?: string | null,
): WriteContext {
  const at = occurredAt ? new Date(occurredAt) : new Date();
  return { user, idempotencyKey, occurredAt: Number.isNaN(at.getTime()) ? new Date() : at };
}

/** Records a bus event (and its installation log line) and bumps the campaign's revision. */
export async function recordBusEvent(
  db: Db,
  ctx: WriteContext,
  bus: LockedBus,
  kind: CampaignEventKind,
  payload: Record<string, unknown> = {},
): Promise<void> {
  await appendCampaignEvent(db, {
    campaignId: bus.campaignId,
    busId: bus.id,
    vehicleId: bus.vehicleId,
    clientId: bus.clientId,
    actorId: ctx.user.id,
    kind,
    payload: { campaignName: bus.campaignName, fleetNumber: bus.fleetNumber, ...payload },
    occurredAt: ctx.occurredAt,
    idempotencyKey: ctx.idempotencyKey,
  });
  await bumpRevision(db, bus.campaignId);
}
