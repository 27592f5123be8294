import {
  CAMPAIGN_CODES,
  CAMPAIGN_MESSAGES,
  type AddBusesResultSchema,
  type Assignee,
  type BusListQuerySchema,
  type Campaign,
  type CampaignBusPage,
  type CampaignEvent,
  type CampaignSummary,
  type CreateCampaignInputSchema,
  type EventListQuerySchema,
  type UpdateCampaignInputSchema,
} from '@toolkit/contracts/campaigns.ts';
import type { z } from 'zod';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import { busPage, visibleCampaign } from './campaign-bus-view.ts';
import { agencyVehicles, insertBuses, vehicleMemberships } from './campaign-buses.repository.ts';
import { selectAgencyPeople } from './campaign-dashboard.repository.ts';
import { appendCampaignEvent, listCampaignEvents } from './campaign-events.ts';
import type { WriteContext } from './campaign-write.ts';
import {
  bumpRevision,
  busesActiveElsewhere,
  findClientName,
  hasFrozenBus,
  insertCampaign,
  listSummaries,
  nameTaken,
  replaceItems,
  sameItems,
  selectItems,
  setBusesActive,
  updateCampaignRow,
} from './campaigns.repository.ts';

/** Campaigns of an agency: create, read, change, close; add buses; the bus list and the events. */
export class CampaignsService {
  constructor(private readonly db: Db) {}

  async list(user: AuthUser, clientId: number): Promise<CampaignSummary[]> {
    assertClientAccess(user, clientId);
    return listSummaries(this.db, clientId, user.id);
  }

  async get(user: AuthUser, id: number): Promise<Campaign> {
    const campaign = await visibleCampaign(this.db, user, id);
    return { ...campaign, items: await selectItems(this.db, id) };
  }

  async create(ctx: WriteContext, input: z.output<typeof CreateCampaignInputSchema>): Promise<Campaign> {
    assertClientAccess(ctx.user, input.clientId);
    const id = await this.db.transaction(async (tx) => {
      const agency = (await findClientName(tx, input.clientId)) ?? '';
      const refused = conflict(CAMPAIGN_MESSAGES.exists(input.name, agency), CAMPAIGN_CODES.exists);
      if (await nameTaken(tx, input.clientId, input.name)) throw refused;
      const made = await insertCampaign(tx, {
        clientId: input.clientId,
        name: input.name,
        startsOn: input.startsOn ?? null,
        dueOn: input.dueOn ?? null,
        createdBy: ctx.user.id,
      });
      if (made === null) throw refused; // the same name, created at this very moment
      await replaceItems(tx, made, input.items);
      await appendCampaignEvent(tx, {
        campaignId: made,
        busId: null,
        vehicleId: null,
        clientId: input.clientId,
        actorId: ctx.user.id,
        kind: 'created',
        payload: { name: input.name, items: input.items.length },
        occurredAt: ctx.occurredAt,
        idempotencyKey: ctx.idempotencyKey,
      });
      return made;
    });
    return this.get(ctx.user, id);
  }

  async update(
    ctx: WriteContext,
    id: number,
    input: z.output<typeof UpdateCampaignInputSchema>,
  ): Promise<Campaign> {
    await this.db.transaction(async (tx) => {
      const campaign = await visibleCampaign(tx, ctx.user, id);
      // A closed campaign changes only by being reopened (with its other changes, if any).
      const reopening = input.status === 'active' && campaign.status === 'closed';
      const changing = [input.name, input.startsOn, input.dueOn, input.items].some((v) => v !== undefined);
      if (campaign.status === 'closed' && !reopening && changing)
        throw conflict(CAMPAIGN_MESSAGES.campaignClosed(campaign.name), CAMPAIGN_CODES.campaignClosed);
      if (input.name !== undefined && (await nameTaken(tx, campaign.clientId, input.name, id))) {
        const agency = (await findClientName(tx, campaign.clientId)) ?? '';
        throw conflict(CAMPAIGN_MESSAGES.exists(input.name, agency), CAMPAIGN_CODES.exists);
      }
      const startsOn = input.startsOn === undefined ? campaign.startsOn : input.startsOn;
      const dueOn = input.dueOn === undefined ? campaign.dueOn : input.dueOn;
      if (startsOn && dueOn && startsOn > dueOn)
        throw badRequest(CAMPAIGN_MESSAGES.dueBeforeStart, 'VALIDATION');
      // The checklist changes only while no bus has been submitted (none has a frozen checklist).
      const items =
        input.items && !sameItems(await selectItems(tx, id), input.items) ? input.items : undefined;
      if (items && (await hasFrozenBus(tx, id)))
        throw conflict(CAMPAIGN_MESSAGES.checklistLocked(campaign.name), CAMPAIGN_CODES.checklistLocked);
      await updateCampaignRow(tx, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.startsOn !== undefined ? { startsOn: input.startsOn } : {}),
        ...(input.dueOn !== undefined ? { dueOn: input.dueOn } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
      });
      if (input.status !== undefined && input.status !== campaign.status) {
        const [taken] = input.status === 'active' ? await busesActiveElsewhere(tx, id) : [];
        if (taken)
          throw conflict(
            CAMPAIGN_MESSAGES.inOtherCampaign(taken.fleet, taken.campaign),
            CAMPAIGN_CODES.inOtherCampaign,
          );
        await setBusesActive(tx, id, input.status === 'active');
      }
      if (items) await replaceItems(tx, id, items);
      await bumpRevision(tx, id);
    });
    return this.get(ctx.user, id);
  }

  async addBuses(
    ctx: WriteContext,
    id: number,
    vehicleIds: readonly number[],
  ): Promise<z.infer<typeof AddBusesResultSchema>> {
    return this.db.transaction(async (tx) => {
      const campaign = await visibleCampaign(tx, ctx.user, id);
      if (campaign.status === 'closed')
        throw conflict(CAMPAIGN_MESSAGES.campaignClosed(campaign.name), CAMPAIGN_CODES.campaignClosed);
      const wanted = [...new Set(vehicleIds)];
      const agency = (await findClientName(tx, campaign.clientId)) ?? '';
      const fleet = await agencyVehicles(tx, campaign.clientId, wanted);
      const member = await vehicleMemberships(tx, id, [...fleet.keys()]);
      const skipped: { vehicleId: number; reason: string }[] = [];
      const adding: number[] = [];
      for (const vehicleId of wanted) {
        const label = fleet.get(vehicleId);
        const other = member.get(vehicleId);
        if (label === undefined)
          skipped.push({ vehicleId, reason: CAMPAIGN_MESSAGES.vehicleNotInAgency(vehicleId, agency) });
        else if (other !== undefined)
          skipped.push({ vehicleId, reason: CAMPAIGN_MESSAGES.inOtherCampaign(label, other) });
        else adding.push(vehicleId);
      }
      const added = await insertBuses(tx, id, adding);
      for (const vehicleId of adding)
        if (!added.some((a) => a.vehicleId === vehicleId))
          skipped.push({
            vehicleId,
            reason: CAMPAIGN_MESSAGES.inOtherCampaign(fleet.get(vehicleId) ?? '', campaign.name),
          });
      if (added.length > 0) {
        await appendCampaignEvent(tx, {
          campaignId: id,
          busId: null,
          vehicleId: null,
          clientId: campaign.clientId,
          actorId: ctx.user.id,
          kind: 'buses_added',
          payload: { vehicleIds: added.map((a) => a.vehicleId), busIds: added.map((a) => a.id) },
          occurredAt: ctx.occurredAt,
          idempotencyKey: ctx.idempotencyKey,
        });
        await bumpRevision(tx, id);
      }
      return { added: added.length, skipped };
    });
  }

  /** Who the campaign's buses can be assigned to: the people of its agency. */
  async assignees(user: AuthUser, id: number): Promise<Assignee[]> {
    const campaign = await visibleCampaign(this.db, user, id);
    return selectAgencyPeople(this.db, campaign.clientId);
  }

  async buses(user: AuthUser, id: number, q: z.output<typeof BusListQuerySchema>): Promise<CampaignBusPage> {
    await visibleCampaign(this.db, user, id);
    return busPage(this.db, user, id, q);
  }

  async events(
    user: AuthUser,
    id: number,
    q: z.output<typeof EventListQuerySchema>,
  ): Promise<{ items: CampaignEvent[]; nextCursor: string | null }> {
    await visibleCampaign(this.db, user, id);
    return listCampaignEvents(this.db, {
      campaignId: id,
      ...(q.busId !== undefined ? { busId: q.busId } : {}),
      ...(q.actor !== undefined ? { actorId: q.actor } : {}),
      ...(q.cursor !== undefined ? { cursor: q.cursor } : {}),
    });
  }
}
