import { createHash } from 'node:crypto';
import {
  CAMPAIGN_CODES,
  CAMPAIGN_MESSAGES,
  CSV_PREVIEW_MESSAGES,
  type BusState,
  type CsvPreview,
} from '@toolkit/contracts/campaigns.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { readCsv, type CsvColumn, type CsvMessage, type CsvRow } from '../../lib/csv/csv-reader.ts';
import type { AuthUser } from '../../lib/types.ts';
import { appendCampaignEvent } from './campaign-events.ts';
import {
  agencyUsersNamed,
  insertImportedBuses,
  membershipsOf,
  updateImportedBuses,
  vehiclesByFleet,
  type BusChange,
  type Membership,
  type NewBus,
} from './campaign-import.repository.ts';
import { bumpRevision, findClientName, type CampaignRow } from './campaigns.repository.ts';

/**
 * The bus-list import (../shared/docs/campaigns.md, "Shipments and the unit scan"): a CSV of
 * vehicles with an optional assignee, planned date and notes, previewed, then added to the
 * campaign in one transaction once the file has no error. A bus already in the campaign with the
 * same data is unchanged; one whose given values differ is updated.
 */

const MESSAGES = CAMPAIGN_MESSAGES.csv;

export const BUS_LIST_COLUMNS = [
  {
    key: 'vehicle',
    name: 'vehicle_id',
    aliases: ['fleet number', 'bus', 'vehicle'],
    required: true,
    maxLength: 50,
  },
  { key: 'assignee', name: 'assignee', maxLength: 200 },
  { key: 'plannedOn', name: 'planned_on', maxLength: 50 },
  { key: 'notes', name: 'notes', maxLength: 1000 },
] as const satisfies readonly CsvColumn[];
type BusListKey = (typeof BUS_LIST_COLUMNS)[number]['key'];
type BusListRow = CsvRow<BusListKey>;

const isDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Assigning a planned bus starts it (planned → in progress: claim, assign or the first tick). */
const stateFor = (state: BusState, assigneeId: number | null): BusState =>
  state === 'planned' && assigneeId !== null ? 'in_progress' : state;

/** What the file asks for each bus, once every row is checked. */
interface Plan {
  added: NewBus[];
  changed: BusChange[];
  unchanged: number;
  errors: CsvMessage[];
}

/** Messages in row order (file-level first), the first 100 of each list, and the counts. */
function preview(
  counts: { new: number; updated: number; unchanged: number },
  errors: CsvMessage[],
  warnings: CsvMessage[],
  extra: { imported: boolean; expectedHeader?: string | undefined },
): CsvPreview {
  const byRow = (a: CsvMessage, b: CsvMessage) => (a.row ?? 0) - (b.row ?? 0);
  const out: CsvPreview = {
    ...counts,
    errors: [...errors].sort(byRow).slice(0, CSV_PREVIEW_MESSAGES),
    warnings: [...warnings].sort(byRow).slice(0, CSV_PREVIEW_MESSAGES),
    errorCount: errors.length,
    warningCount: warnings.length,
    imported: extra.imported,
    alreadyImported: null,
  };
  if (extra.expectedHeader !== undefined) out.expectedHeader = extra.expectedHeader;
  return out;
}

export class CampaignImportService {
  constructor(private readonly db: Db) {}

  /**
   * Previews (`dryRun`) or imports a bus list into a campaign the caller may see and supervise.
   * Nothing is written unless the whole file is clean; then everything is, in one transaction.
   */
  async importBusList(
    user: AuthUser,
    campaign: CampaignRow,
    bytes: Uint8Array,
    options: { dryRun: boolean; idempotencyKey: string | null },
  ): Promise<CsvPreview> {
    if (campaign.status === 'closed')
      throw conflict(CAMPAIGN_MESSAGES.campaignClosed(campaign.name), CAMPAIGN_CODES.campaignClosed);
    const agency = (await findClientName(this.db, campaign.clientId)) ?? '';
    const read = readCsv(bytes, BUS_LIST_COLUMNS);
    if (read.fatal)
      return preview({ new: 0, updated: 0, unchanged: 0 }, read.errors, read.warnings, {
        imported: false,
        expectedHeader: read.expectedHeader,
      });

    const check = (db: Db, lock = false) => this.plan(db, campaign, agency, read.rows, read.present, lock);
    const answer = (plan: Plan, imported: boolean) =>
      preview(
        { new: plan.added.length, updated: plan.changed.length, unchanged: plan.unchanged },
        [...read.errors, ...plan.errors],
        read.warnings,
        { imported },
      );
    if (read.errors.length > 0 || options.dryRun) return answer(await check(this.db), false);

    // The import: checked again and written in one transaction, the buses it changes locked.
    return this.db.transaction(async (tx) => {
      const plan = await check(tx, true);
      if (plan.errors.length > 0) return answer(plan, false);
      if (plan.added.length === 0 && plan.changed.length === 0) return answer(plan, true);
      const inserted = await insertImportedBuses(tx, campaign.id, plan.added);
      // Another request added one of these vehicles meanwhile: undo everything.
      if (inserted !== plan.added.length)
        throw conflict(MESSAGES.changedMeanwhile, CAMPAIGN_CODES.csvInvalid);
      await updateImportedBuses(tx, plan.changed);
      await bumpRevision(tx, campaign.id);
      await appendCampaignEvent(tx, {
        campaignId: campaign.id,
        busId: null,
        vehicleId: null,
        clientId: campaign.clientId,
        actorId: user.id,
        kind: 'imported',
        payload: {
          campaignName: campaign.name,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          rows: read.dataRows,
          new: plan.added.length,
          updated: plan.changed.length,
          unchanged: plan.unchanged,
        },
        idempotencyKey: options.idempotencyKey,
      });
      return answer(plan, true);
    });
  }

  /** Checks every row against the agency's vehicles and users and the buses' campaigns. */
  private async plan(
    db: Db,
    campaign: CampaignRow,
    agency: string,
    rows: readonly BusListRow[],
    present: ReadonlySet<BusListKey>,
    lock: boolean,
  ): Promise<Plan> {
    const fleets = [...new Set(rows.map((r) => r.values.vehicle))];
    const logins = [...new Set(rows.map((r) => r.values.assignee).filter((a) => a !== ''))];
    const [vehicleMap, people] = await Promise.all([
      vehiclesByFleet(db, campaign.clientId, fleets),
      agencyUsersNamed(db, campaign.clientId, logins),
    ]);
    const memberships = await membershipsOf(
      db,
      campaign.id,
      [...vehicleMap.values()].map((v) => v.id),
      lock,
    );
    const plan: Plan = { added: [], changed: [], unchanged: 0, errors: [] };
    const firstRow = new Map<string, number>();
    for (const { row, values } of rows) {
      const fail = (message: string) => plan.errors.push({ row, message });
      const before = plan.errors.length;
      const key = values.vehicle.toLowerCase();
      const first = firstRow.get(key);
      const vehicle = vehicleMap.get(key);
      const member = vehicle ? memberships.get(vehicle.id) : undefined;
      if (first !== undefined) fail(MESSAGES.vehicleAgain(row, values.vehicle, first));
      else firstRow.set(key, row);
      if (!vehicle) fail(MESSAGES.vehicleUnknown(row, values.vehicle, agency));
      else if (member && member.campaignId !== campaign.id)
        fail(MESSAGES.inCampaign(row, vehicle.fleet, member.campaignName));
      const person = values.assignee === '' ? null : people.get(values.assignee.toLowerCase());
      if (person === undefined) fail(MESSAGES.notInstaller(row, values.assignee, agency));
      if (values.plannedOn !== '' && !isDay(values.plannedOn))
        fail(MESSAGES.plannedOn(row, values.plannedOn));
      if (plan.errors.length > before || !vehicle || person === undefined) continue;

      const given = {
        assigneeId: person?.id ?? null,
        plannedOn: values.plannedOn === '' ? null : values.plannedOn,
        notes: values.notes === '' ? null : values.notes,
      };
      if (!member) {
        plan.added.push({ vehicleId: vehicle.id, ...given, state: stateFor('planned', given.assigneeId) });
        continue;
      }
      const change = changeOf(member, given, present);
      if (!change) plan.unchanged += 1;
      else if (member.state === 'accepted') fail(MESSAGES.busAccepted(row, vehicle.fleet));
      else plan.changed.push(change);
    }
    return plan;
  }
}

/**
 * What a row changes on a bus already in the campaign: only the values it gives (a column left
 * out or a cell left empty keeps the bus's own), or null when they are the bus's already.
 */
function changeOf(
  member: Membership,
  given: { assigneeId: number | null; plannedOn: string | null; notes: string | null },
  present: ReadonlySet<BusListKey>,
): BusChange | null {
  const next = {
    assigneeId: present.has('assignee') && given.assigneeId !== null ? given.assigneeId : member.assigneeId,
    plannedOn: present.has('plannedOn') && given.plannedOn !== null ? given.plannedOn : member.plannedOn,
    notes: present.has('notes') && given.notes !== null ? given.notes : member.notes,
  };
  if (
    next.assigneeId === member.assigneeId &&
    next.plannedOn === member.plannedOn &&
    next.notes === member.notes
  )
    return null;
  return { busId: member.busId, ...next, state: stateFor(member.state, next.assigneeId) };
}

export const csvTooLarge = () => new AppError(413, CAMPAIGN_CODES.csvTooLarge, MESSAGES.tooLarge);
