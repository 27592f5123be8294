import { CSV_PREVIEW_MESSAGES } from '@toolkit/contracts/campaigns.ts';
import {
  SHIPMENT_CODES,
  SHIPMENT_MESSAGES,
  normalizeSerial,
  type Shipment,
  type ShipmentPreview,
} from '@toolkit/contracts/shipments.ts';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { readCsv, type CsvMessage } from '../../lib/csv/csv-reader.ts';
import type { AuthUser } from '../../lib/types.ts';
import { visibleCampaign } from '../campaigns/campaign-bus-view.ts';
import {
  devicesOnBuses,
  findImportedFile,
  insertShipment,
  insertUnits,
  unitsMatching,
  type NewUnit,
  type StoredUnit,
} from './shipment-import.repository.ts';
import {
  SHIPMENT_CSV_COLUMNS,
  checkRow,
  differenceOf,
  type ShipmentKey,
  type ShipmentRow,
} from './shipment-rows.ts';
import { findShipment } from './shipments.repository.ts';

/**
 * The shipment import (../shared/docs/campaigns.md, "Shipments and the unit scan"): a supplier's
 * packing list previewed, then imported in one transaction once it has no error. A unit already
 * imported with the same values is unchanged; with other values it is an error. The same file
 * again (same SHA-256) changes nothing and says so.
 */

const MESSAGES = SHIPMENT_MESSAGES.csv;

export interface ShipmentImportInput {
  clientId: number;
  campaignId: number | null;
  reference: string;
  fileName: string | null;
}

interface Plan {
  added: NewUnit[];
  unchanged: number;
  errors: CsvMessage[];
}

const byRow = (a: CsvMessage, b: CsvMessage) => (a.row ?? 0) - (b.row ?? 0);

function preview(
  counts: { new: number; unchanged: number },
  errors: readonly CsvMessage[],
  warnings: readonly CsvMessage[],
  extra: { imported: boolean; expectedHeader?: string | undefined; shipment?: Shipment | null },
): ShipmentPreview {
  const out: ShipmentPreview = {
    ...counts,
    errors: [...errors].sort(byRow).slice(0, CSV_PREVIEW_MESSAGES),
    warnings: [...warnings].sort(byRow).slice(0, CSV_PREVIEW_MESSAGES),
    errorCount: errors.length,
    warningCount: warnings.length,
    imported: extra.imported,
    alreadyImported: null,
    shipment: extra.shipment ?? null,
  };
  if (extra.expectedHeader !== undefined) out.expectedHeader = extra.expectedHeader;
  return out;
}

/** The design's day of an import: YYYY-MM-DD (UTC). */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

export class ShipmentImportService {
  constructor(private readonly db: Db) {}

  /** Previews (`dryRun`) or imports a packing list into one of the caller's agencies. */
  async importFile(
    user: AuthUser,
    input: ShipmentImportInput,
    file: { bytes: Uint8Array; sha256: string },
    options: { dryRun: boolean },
  ): Promise<ShipmentPreview> {
    assertClientAccess(user, input.clientId);
    if (input.campaignId !== null) {
      const campaign = await visibleCampaign(this.db, user, input.campaignId);
      if (campaign.clientId !== input.clientId) throw notFound('Campaign');
    }
    const before = await this.alreadyImported(input.clientId, file.sha256);
    if (before) return before;

    const read = readCsv(file.bytes, SHIPMENT_CSV_COLUMNS);
    if (read.fatal)
      return preview({ new: 0, unchanged: 0 }, read.errors, read.warnings, {
        imported: false,
        expectedHeader: read.expectedHeader,
      });
    const check = (db: Db) => this.plan(db, input.clientId, read.rows, read.present);
    const answer = (plan: Plan, imported: boolean, shipment: Shipment | null = null) =>
      preview(
        { new: plan.added.length, unchanged: plan.unchanged },
        [...read.errors, ...plan.errors],
        read.warnings,
        { imported, shipment },
      );
    if (read.errors.length > 0 || options.dryRun) return answer(await check(this.db), false);

    // The import: checked and written in one transaction; a unit or the same file imported
    // meanwhile by another request undoes all of it.
    const written = await this.db.transaction(async (tx) => {
      const plan = await check(tx);
      // Errors, or nothing new (every unit already imported): nothing to write.
      if (plan.errors.length > 0 || plan.added.length === 0) return { plan, shipmentId: null };
      const shipmentId = await insertShipment(tx, {
        clientId: input.clientId,
        campaignId: input.campaignId,
        reference: input.reference,
        fileName: input.fileName,
        fileSha256: file.sha256,
        rows: read.dataRows,
        importedBy: user.id,
      });
      if (shipmentId === null) return { plan, shipmentId: null };
      const inserted = await insertUnits(tx, shipmentId, input.clientId, plan.added);
      if (inserted !== plan.added.length)
        throw conflict(MESSAGES.changedMeanwhile, SHIPMENT_CODES.csvInvalid);
      return { plan, shipmentId };
    });
    if (written.plan.errors.length > 0) return answer(written.plan, false);
    if (written.plan.added.length === 0) return answer(written.plan, true);
    if (written.shipmentId === null) {
      const again = await this.alreadyImported(input.clientId, file.sha256);
      if (again) return again;
      throw conflict(MESSAGES.changedMeanwhile, SHIPMENT_CODES.csvInvalid);
    }
    return answer(written.plan, true, await findShipment(this.db, written.shipmentId));
  }

  /** The design's "already imported" answer when this agency imported the same bytes before. */
  private async alreadyImported(clientId: number, sha256: string): Promise<ShipmentPreview | null> {
    const found = await findImportedFile(this.db, clientId, sha256);
    if (!found) return null;
    const shipment = await findShipment(this.db, found.id);
    return {
      ...preview({ new: 0, unchanged: shipment?.rows ?? 0 }, [], [], { imported: false, shipment }),
      alreadyImported: MESSAGES.alreadyImported(dayOf(found.importedAt), found.by, found.reference),
    };
  }

  /** Checks every row on its own, against the other rows, and against the agency's units and devices. */
  private async plan(
    db: Db,
    clientId: number,
    rows: readonly ShipmentRow[],
    present: ReadonlySet<ShipmentKey>,
  ): Promise<Plan> {
    const plan: Plan = { added: [], unchanged: 0, errors: [] };
    const fail = (row: number, message: string) => plan.errors.push({ row, message });
    const clean: { row: number; unit: NewUnit }[] = [];
    const firsts = {
      serial: new Map<string, number>(),
      IMEI: new Map<string, number>(),
      ICCID: new Map<string, number>(),
    };
    for (const r of rows) {
      const { unit, errors } = checkRow(r);
      for (const message of errors) fail(r.row, message);
      // A repeat in the file is told whether or not the row has other faults.
      const keys = [
        ['serial', normalizeSerial(r.values.serial)],
        ['IMEI', digitsOf(r.values.imei)],
        ['ICCID', digitsOf(r.values.iccid)],
      ] as const;
      let repeated = false;
      for (const [field, value] of keys) {
        if (value === '') continue;
        const first = firsts[field].get(value);
        if (first === undefined) firsts[field].set(value, r.row);
        else {
          fail(r.row, MESSAGES.again(r.row, field, value, first));
          repeated = true;
        }
      }
      if (unit && !repeated) clean.push({ row: r.row, unit });
    }

    const stored = await unitsMatching(db, clientId, {
      serials: clean.map((c) => c.unit.serial),
      imeis: clean.flatMap((c) => (c.unit.imei ? [c.unit.imei] : [])),
      iccids: clean.flatMap((c) => (c.unit.iccid ? [c.unit.iccid] : [])),
    });
    const index = (key: 'serial' | 'imei' | 'iccid') => {
      const map = new Map<string, StoredUnit>();
      for (const s of stored) {
        const value = s[key];
        if (value !== null) map.set(value, s);
      }
      return map;
    };
    const [bySerial, byImei, byIccid] = [index('serial'), index('imei'), index('iccid')];
    const onBus = await devicesOnBuses(
      db,
      clientId,
      clean.flatMap((c) => (c.unit.imei ? [c.unit.imei] : [])),
    );

    for (const { row, unit } of clean) {
      const same = bySerial.get(unit.serial);
      if (same) {
        const diff = differenceOf(unit, same, present);
        if (diff)
          fail(row, MESSAGES.differs(row, unit.serial, same.reference, diff.field, diff.mine, diff.stored));
        else plan.unchanged += 1;
        continue;
      }
      const before = plan.errors.length;
      const imeiOwner = unit.imei === null ? undefined : byImei.get(unit.imei);
      if (unit.imei !== null && imeiOwner)
        fail(row, MESSAGES.takenBy(row, 'IMEI', unit.imei, imeiOwner.reference, imeiOwner.serial));
      const iccidOwner = unit.iccid === null ? undefined : byIccid.get(unit.iccid);
      if (unit.iccid !== null && iccidOwner)
        fail(row, MESSAGES.takenBy(row, 'ICCID', unit.iccid, iccidOwner.reference, iccidOwner.serial));
      const device = unit.imei === null ? undefined : onBus.get(unit.imei);
      if (unit.imei !== null && device)
        fail(row, MESSAGES.belongsToDevice(row, unit.imei, device.deviceId, device.fleet));
      if (plan.errors.length === before) plan.added.push(unit);
    }
    return plan;
  }
}
