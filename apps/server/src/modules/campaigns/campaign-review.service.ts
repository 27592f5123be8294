import {
  CAMPAIGN_CODES,
  CAMPAIGN_MESSAGES,
  FORCE_NOTE_MIN,
  type AcceptInputSchema,
  type BulkAcceptResult,
  type BusChange,
  type CampaignBusDetail,
  type SubmitInputSchema,
} from '@toolkit/contracts/campaigns.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../lib/types.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { busOf, busRow } from './campaign-bus-view.ts';
import type { LockedBus } from './campaign-buses.repository.ts';
import { updateBus } from './campaign-buses.repository.ts';
import { checklistOf, missingOf } from './campaign-checklist.ts';
import { listCampaignEvents } from './campaign-events.ts';
import {
  assertReady,
  assertVersion,
  claimsByWorking,
  openBus,
  reasonOf,
  unprocessable,
  visibleBus,
} from './campaign-rules.ts';
import type { WriteContext } from './campaign-write.ts';
import { recordBusEvent } from './campaign-write.ts';
import { selectItems } from './campaigns.repository.ts';

/** Submit, review (accept, accept selected, reject) and reopen; and a bus's whole record. */
export class BusReviewService {
  constructor(private readonly db: Db) {}

  private async answer(bus: LockedBus): Promise<BusChange> {
    const items = await selectItems(this.db, bus.campaignId);
    return { ...busOf(await busRow(this.db, bus.campaignId, bus.id), items), message: null };
  }

  async detail(user: AuthUser, busId: number): Promise<CampaignBusDetail> {
    const bus = await visibleBus(this.db, user, busId);
    const items = await selectItems(this.db, bus.campaignId);
    const row = await busRow(this.db, bus.campaignId, bus.id);
    const events = await listCampaignEvents(this.db, {
      campaignId: bus.campaignId,
      busId: bus.id,
      limit: 500,
    });
    return {
      ...busOf(row, items),
      campaign: { id: bus.campaignId, name: bus.campaignName, status: bus.campaignStatus },
      items: checklistOf(items, row.evidence),
      frozen: row.frozen,
      exceptions: row.exceptions,
      submitted: row.submitted,
      accepted: row.accepted,
      events: events.items,
    };
  }

  /** Ready for review, the checklist frozen; what is missing needs an exception note each. */
  async submit(
    ctx: WriteContext,
    busId: number,
    input: z.output<typeof SubmitInputSchema>,
  ): Promise<BusChange> {
    const bus = await this.db.transaction(async (tx) => {
      const b = await openBus(tx, ctx.user, busId);
      const claims = claimsByWorking(ctx.user, b);
      const items = await selectItems(tx, b.campaignId);
      const live = checklistOf(items, (await busRow(tx, b.campaignId, b.id)).evidence);
      const given = input.exceptions ?? {};
      const missing = missingOf(live);
      const uncovered = missing.filter((i) => !(given[i.key] ?? '').trim());
      if (uncovered.length > 0)
        throw unprocessable(
          CAMPAIGN_CODES.requiredMissing,
          CAMPAIGN_MESSAGES.missing(
            b.fleetNumber,
            uncovered.map((i) => i.label),
          ),
        );
      const exceptions = Object.fromEntries(missing.map((i) => [i.key, (given[i.key] ?? '').trim()]));
      await updateBus(tx, b.id, {
        state: 'ready_for_review',
        frozen: live,
        submittedBy: ctx.user.id,
        submittedAt: ctx.occurredAt,
        exceptions: missing.length > 0 ? exceptions : null,
        reworkReason: null,
        ...(claims ? { assigneeId: ctx.user.id } : {}),
      });
      await recordBusEvent(tx, ctx, b, 'submitted', { exceptions });
      return b;
    });
    return this.answer(bus);
  }

  async accept(
    ctx: WriteContext,
    busId: number,
    input: z.output<typeof AcceptInputSchema>,
  ): Promise<BusChange> {
    const bus = await this.db.transaction(async (tx) => {
      const b = await openBus(tx, ctx.user, busId);
      assertVersion(b, input.version);
      assertReady(b);
      const note = input.note?.trim() ? input.note.trim() : null;
      if (b.hasExceptions && !(input.forced === true && note !== null && note.length >= FORCE_NOTE_MIN))
        throw unprocessable(
          CAMPAIGN_CODES.exceptionsNeedForce,
          CAMPAIGN_MESSAGES.exceptionsNeedForce(b.fleetNumber),
        );
      await this.acceptNow(tx, ctx, b, note);
      return b;
    });
    return this.answer(bus);
  }

  private async acceptNow(tx: Db, ctx: WriteContext, b: LockedBus, note: string | null): Promise<void> {
    await updateBus(tx, b.id, {
      state: 'accepted',
      acceptedBy: ctx.user.id,
      acceptedAt: ctx.occurredAt,
      acceptedWithExceptions: b.hasExceptions,
      acceptanceNote: note,
    });
    await recordBusEvent(tx, ctx, b, 'accepted', { withExceptions: b.hasExceptions, note });
  }

  /** Accept selected: only buses ready, without exceptions, as seen; the others are listed. */
  async acceptMany(
    ctx: WriteContext,
    items: readonly { busId: number; version: number }[],
  ): Promise<BulkAcceptResult> {
    const out: BulkAcceptResult = { accepted: [], skipped: [] };
    for (const { busId, version } of items) {
      if (out.accepted.includes(busId) || out.skipped.some((s) => s.busId === busId)) continue;
      const reason = await this.db.transaction(async (tx) => {
        let b: LockedBus;
        try {
          b = await openBus(tx, ctx.user, busId);
        } catch (err) {
          if (err instanceof AppError) return err.message; // another agency's, or a closed campaign
          throw err;
        }
        if (b.state !== 'ready_for_review') return CAMPAIGN_MESSAGES.notReady(b.fleetNumber);
        if (b.hasExceptions) return CAMPAIGN_MESSAGES.reviewAlone(b.fleetNumber);
        if (b.version !== version) return CAMPAIGN_MESSAGES.busChanged(b.fleetNumber);
        await this.acceptNow(tx, ctx, b, null);
        return null;
      });
      if (reason === null) out.accepted.push(busId);
      else out.skipped.push({ busId, reason });
    }
    return out;
  }

  /** Back to the installer, with the reason they will read in red; rework count + 1. */
  reject(
    ctx: WriteContext,
    busId: number,
    version: number,
    reason: string | null | undefined,
  ): Promise<BusChange> {
    return this.sendBack(ctx, busId, version, reason, 'rejected', assertReady);
  }

  /** An accepted bus back to work, with the reason. */
  reopen(
    ctx: WriteContext,
    busId: number,
    version: number,
    reason: string | null | undefined,
  ): Promise<BusChange> {
    return this.sendBack(ctx, busId, version, reason, 'reopened', (b) => {
      if (b.state !== 'accepted')
        throw conflict(CAMPAIGN_MESSAGES.notAccepted(b.fleetNumber), CAMPAIGN_CODES.notAccepted);
    });
  }

  /** Reject and reopen alike: the version seen, the state each needs, a reason; then back to work. */
  private async sendBack(
    ctx: WriteContext,
    busId: number,
    version: number,
    reason: string | null | undefined,
    kind: 'rejected' | 'reopened',
    assertState: (bus: LockedBus) => void,
  ): Promise<BusChange> {
    const text = reasonOf(reason);
    const bus = await this.db.transaction(async (tx) => {
      const b = await openBus(tx, ctx.user, busId);
      assertVersion(b, version);
      assertState(b);
      await this.backToWork(tx, b, text);
      await recordBusEvent(tx, ctx, b, kind, { reason: text });
      return b;
    });
    return this.answer(bus);
  }

  private async backToWork(tx: Db, b: LockedBus, reason: string): Promise<void> {
    await updateBus(
      tx,
      b.id,
      {
        state: 'in_progress',
        reworkReason: reason,
        acceptedBy: null,
        acceptedAt: null,
        acceptedWithExceptions: false,
        acceptanceNote: null,
      },
      { rework: true },
    );
  }
}
