import { and, eq, sql } from 'drizzle-orm';
import { DEVICE_TYPES, type DeviceType } from '@toolkit/contracts/devices.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { shipments, shipmentUnits, users } from '../../db/schema/tables.ts';

/* The shipment import's reads and writes: a few set-based queries per file, never one per row. */

/** Rows per insert (9 parameters a row): far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 500;

function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** The shipment this agency imported from a file with this SHA-256: when, by whom, its reference. */
export async function findImportedFile(
  db: Db,
  clientId: number,
  sha256: string,
): Promise<{ id: number; reference: string; importedAt: Date; by: string } | null> {
  const [row] = await db
    .select({
      id: shipments.id,
      reference: shipments.reference,
      importedAt: shipments.importedAt,
      by: users.name,
    })
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.importedBy))
    .where(and(eq(shipments.clientId, clientId), eq(shipments.fileSha256, sha256)))
    .limit(1);
  return row ?? null;
}

/** A unit already imported, as a new row is compared with it. */
export interface StoredUnit {
  serial: string;
  deviceType: DeviceType;
  imei: string | null;
  iccid: string | null;
  phone: string | null;
  model: string | null;
  box: string | null;
  reference: string;
}

/**
 * A list of values as ONE parameter (a JSON array) read back as a set in SQL: a 10,000-row file
 * is one query and one plan, not ten thousand parameters, on PGlite and PostgreSQL alike.
 */
const valuesOf = (values: readonly string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** The agency's units whose serial, IMEI or ICCID is among these (one query). */
export async function unitsMatching(
  db: Db,
  clientId: number,
  keys: { serials: readonly string[]; imeis: readonly string[]; iccids: readonly string[] },
): Promise<StoredUnit[]> {
  if (keys.serials.length + keys.imeis.length + keys.iccids.length === 0) return [];
  const rows = await queryRows<Record<string, string | null>>(
    db,
    sql`select su.serial, su.device_type, su.imei, su.iccid, su.phone, su.model, su.box, s.reference
      from shipment_units su join shipments s on s.id = su.shipment_id
      where su.client_id = ${clientId} and (su.serial in ${valuesOf(keys.serials)}
        or su.imei in ${valuesOf(keys.imeis)} or su.iccid in ${valuesOf(keys.iccids)})`,
  );
  return rows.map((r) => ({
    serial: r.serial ?? '',
    deviceType: DEVICE_TYPES.find((t) => t === r.device_type) ?? 'Other',
    imei: r.imei ?? null,
    iccid: r.iccid ?? null,
    phone: r.phone ?? null,
    model: r.model ?? null,
    box: r.box ?? null,
    reference: r.reference ?? '',
  }));
}

/**
 * The agency's devices on a bus whose unique id or IMEI is among these: a shipment row naming one
 * describes a unit already installed. Keyed by the matching value.
 */
export async function devicesOnBuses(
  db: Db,
  clientId: number,
  imeis: readonly string[],
): Promise<Map<string, { deviceId: string; fleet: string }>> {
  const out = new Map<string, { deviceId: string; fleet: string }>();
  if (imeis.length === 0) return out;
  const rows = await queryRows<{ device_id: string; imei: string | null; fleet: string }>(
    db,
    sql`select d.device_id, d.imei, v.vehicle_id as fleet from devices d join vehicles v on v.id = d.vehicle_id
      where d.client_id = ${clientId} and (d.imei in ${valuesOf(imeis)} or d.device_id in ${valuesOf(imeis)})`,
  );
  const wanted = new Set(imeis);
  for (const r of rows) {
    const found = { deviceId: r.device_id, fleet: r.fleet };
    if (r.imei !== null && wanted.has(r.imei)) out.set(r.imei, found);
    if (wanted.has(r.device_id)) out.set(r.device_id, found);
  }
  return out;
}

export interface NewShipment {
  clientId: number;
  campaignId: number | null;
  reference: string;
  fileName: string | null;
  fileSha256: string;
  rows: number;
  importedBy: number;
}

/** The shipment's row, or null when the same file was imported meanwhile (its SHA-256 is unique). */
export async function insertShipment(db: Db, shipment: NewShipment): Promise<number | null> {
  const [row] = await db
    .insert(shipments)
    .values(shipment)
    .onConflictDoNothing()
    .returning({ id: shipments.id });
  return row?.id ?? null;
}

export interface NewUnit {
  serial: string;
  deviceType: DeviceType;
  imei: string | null;
  iccid: string | null;
  phone: string | null;
  model: string | null;
  box: string | null;
}

/** Adds the units; answers how many were inserted (one imported meanwhile by another file is skipped). */
export async function insertUnits(
  db: Db,
  shipmentId: number,
  clientId: number,
  units: readonly NewUnit[],
): Promise<number> {
  let inserted = 0;
  for (const part of chunks(units, INSERT_CHUNK)) {
    const rows = await db
      .insert(shipmentUnits)
      .values(part.map((u) => ({ ...u, shipmentId, clientId })))
      .onConflictDoNothing()
      .returning({ id: shipmentUnits.id });
    inserted += rows.length;
  }
  return inserted;
}
