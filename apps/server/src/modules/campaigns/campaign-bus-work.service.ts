import {
  BLOCKER_LABELS,
  CAMPAIGN_CODES,
  CAMPAIGN_MESSAGES,
  type BlockInputSchema,
  type BusChange,
  type CampaignBus,
  type SetItemInputSchema,
} from '@toolkit/contracts/campaigns.ts';
import type { z } from 'zod';
import { isSupervisor } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { busOf, busRow, busesByIds } from './campaign-bus-view.ts';
import type { LockedBus } from './campaign-buses.repository.ts';
import {
  deleteBus,
  findMark,
  isPhotoOf,
  markUnitFaulty,
  setMark,
  updateBus,
} from './campaign-buses.repository.ts';
import { recordBusEvent, type WriteContext } from './campaign-write.ts';
import { claimsByWorking, forbidden, openBus, unprocessable } from './campaign-rules.ts';
import { bumpRevision, findAgencyUser, findClientName, selectItems } from './campaigns.repository.ts';

/** A write's effect on the state: planned → in progress; ready for review → back in progress. */
function workedState(bus: LockedBus): { state?: 'in_progress'; message: string | null } {
  if (bus.state === 'planned') return { state: 'in_progress', message: null };
  if (bus.state === 'ready_for_review')
    return { state: 'in_progress', message: CAMPAIGN_MESSAGES.backInProgress(bus.fleetNumber) };
  return { message: null };
}

/** The installer's side of a bus: claim, assignment, ticks, blockers (supervisors may do all). */
export class BusWorkService {
  constructor(private readonly db: Db) {}

  private async answer(bus: LockedBus, message: string | null): Promise<BusChange> {
    const items = await selectItems(this.db, bus.campaignId);
    return { ...busOf(await busRow(this.db, bus.campaignId, bus.id), items), message };
  }

  async claim(ctx: WriteContext, busId: number): Promise<BusChange> {
    const bus = await this.db.transaction(async (tx) => {
      const b = await openBus(tx, ctx.user, busId);
      if (b.state === 'accepted')
        throw conflict(CAMPAIGN_MESSAGES.busAccepted(b.fleetNumber), CAMPAIGN_CODES.busAccepted);
      if (b.assignee?.id === ctx.user.id) return b; // already theirs: nothing to do
      if (b.assignee !== null)
        throw conflict(
          CAMPAIGN_MESSAGES.busAssigned(b.fleetNumber, b.assignee.name),
          CAMPAIGN_CODES.busAssigned,
        );
      const { state } = workedState(b);
      await updateBus(tx, b.id, { assigneeId: ctx.user.id, ...(state ? { state } : {}) });
      await recordBusEvent(tx, ctx, b, 'claimed', { assignee: ctx.user.name });
      return b;
    });
    return this.answer(bus, null);
  }

  async assign(ctx: WriteContext, busIds: readonly number[], userId: number | null): Promise<CampaignBus[]> {
    const ids = [...new Set(busIds)];
    const campaignId = await this.db.transaction(async (tx) => {
      let campaign = 0;
      for (const busId of ids) {
        const bus = await openBus(tx, ctx.user, busId);
        if (campaign !== 0 && bus.campaignId !== campaign) throw notFound('Bus');
        campaign = bus.campaignId;
        if (bus.state === 'accepted')
          throw conflict(CAMPAIGN_MESSAGES.busAccepted(bus.fleetNumber), CAMPAIGN_CODES.busAccepted);
        const person = userId === null ? null : await findAgencyUser(tx, userId, bus.clientId);
        if (userId !== null && !person) {
          const agency = (await findClientName(tx, bus.clientId)) ?? '';
          throw unprocessable(CAMPAIGN_CODES.assigneeInvalid, CAMPAIGN_MESSAGES.assigneeInvalid(agency));
        }
        if ((bus.assignee?.id ?? null) === userId) continue;
        const state = userId !== null && bus.state === 'planned' ? { state: 'in_progress' as const } : {};
        await updateBus(tx, bus.id, { assigneeId: userId, ...state });
        await recordBusEvent(tx, ctx, bus, 'assigned', { assignee: person?.name ?? null, userId });
      }
      return campaign;
    });
    return busesByIds(this.db, campaignId, ids);
  }

  async setItem(
    ctx: WriteContext,
    busId: number,
    key: string,
    input: z.output<typeof SetItemInputSchema>,
  ): Promise<BusChange> {
    const { bus, message } = await this.db.transaction(async (tx) => {
      const b = await openBus(tx, ctx.user, busId);
      const item = (await selectItems(tx, b.campaignId)).find((i) => i.key === key);
      if (!item) throw notFound('Checklist item');
      const supervisor = isSupervisor(ctx.user);
      const note = input.note?.trim() ? input.note.trim() : null;
      if (input.state === 'na' && !supervisor) throw forbidden(CAMPAIGN_MESSAGES.naNeedsSupervisor);
      if (input.state === 'na' && !note)
        throw unprocessable(CAMPAIGN_CODES.reasonRequired, CAMPAIGN_MESSAGES.reasonRequired);
      const marked = await findMark(tx, b.id, key);
      // A supervisor takes "not applicable" back from any item (to do: a derived one fills itself again).
      const undoingNa = supervisor && input.state === 'todo' && marked === 'na';
      if (input.state !== 'na' && item.kind !== 'manual' && !undoingNa)
        throw unprocessable(CAMPAIGN_CODES.itemDerived, CAMPAIGN_MESSAGES.itemDerived);
      const claims = claimsByWorking(ctx.user, b);
      if (input.state === 'todo' && !supervisor && marked === 'na')
        throw forbidden(CAMPAIGN_MESSAGES.naNeedsSupervisor);
      await setMark(
        tx,
        b.id,
        key,
        input.state === 'todo'
          ? null
          : { state: input.state, note, setBy: ctx.user.id, setAt: ctx.occurredAt },
      );
      // Marking an item not applicable is the supervisor's review, not work on the bus.
      const effect = input.state === 'na' || undoingNa ? { message: null } : workedState(b);
      await updateBus(tx, b.id, {
        ...(claims ? { assigneeId: ctx.user.id } : {}),
        ...(effect.state ? { state: effect.state } : {}),
      });
      await recordBusEvent(tx, ctx, b, 'item_set', { key, label: item.label, state: input.state, note });
      return { bus: b, message: effect.message };
    });
    return this.answer(bus, message);
  }

  async block(
    ctx: WriteContext,
    busId: number,
    input: z.output<typeof BlockInputSchema>,
  ): Promise<BusChange> {
    const note = input.note?.trim() ? input.note.trim() : null;
    if (input.code === 'other' && !note)
      throw unprocessable(CAMPAIGN_CODES.noteRequired, CAMPAIGN_MESSAGES.otherNeedsNote);
    const { bus, message } = await this.db.transaction(async (tx) => {
      const b = await openBus(tx, ctx.user, busId);
      const claims = claimsByWorking(ctx.user, b);
      const photoId = input.photoId ?? null;
      if (photoId !== null && !(await isPhotoOf(tx, photoId, b.vehicleId)))
        throw unprocessable(CAMPAIGN_CODES.photoNotOnBus, CAMPAIGN_MESSAGES.photoNotOnBus(b.fleetNumber));
      const effect = workedState(b);
      await updateBus(tx, b.id, {
        blockerCode: input.code,
        blockerNote: note,
        blockedBy: ctx.user.id,
        blockedAt: ctx.occurredAt,
        ...(claims ? { assigneeId: ctx.user.id } : {}),
        ...(effect.state ? { state: effect.state } : {}),
      });
      await recordBusEvent(tx, ctx, b, 'blocked', {
        code: input.code,
        label: BLOCKER_LABELS[input.code],
        note,
        ...(photoId !== null ? { photoId } : {}),
      });
      if (input.code === 'unit_faulty' && input.unitCode) {
        const unit = await markUnitFaulty(tx, b.clientId, input.unitCode, note);
        if (unit)
          await recordBusEvent(tx, ctx, b, 'unit_faulty', { unitId: unit.id, serial: unit.serial, note });
      }
      return { bus: b, message: effect.message };
    });
    return this.answer(bus, message);
  }

  async unblock(ctx: WriteContext, busId: number): Promise<BusChange> {
    const { bus, message } = await this.db.transaction(async (tx) => {
      const b = await openBus(tx, ctx.user, busId);
      const claims = claimsByWorking(ctx.user, b);
      if (!b.blocked) return { bus: b, message: null };
      const effect = workedState(b);
      await updateBus(tx, b.id, {
        blockerCode: null,
        blockerNote: null,
        blockedBy: null,
        blockedAt: null,
        ...(claims ? { assigneeId: ctx.user.id } : {}),
        ...(effect.state ? { state: effect.state } : {}),
      });
      await recordBusEvent(tx, ctx, b, 'unblocked');
      return { bus: b, message: effect.message };
    });
    return this.answer(bus, message);
  }

  /** A planned bus leaves the campaign; one with work recorded stays (409). */
  async remove(ctx: WriteContext, busId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const b = await openBus(tx, ctx.user, busId);
      if (b.state !== 'planned')
        throw conflict(CAMPAIGN_MESSAGES.notPlanned(b.fleetNumber), CAMPAIGN_CODES.notPlanned);
      await deleteBus(tx, b.id);
      await bumpRevision(tx, b.campaignId);
    });
  }
}
