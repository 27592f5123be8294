import { sql, type SQL } from 'drizzle-orm';
import {
  SHIPMENT_UNIT_PAGE,
  SHIPMENT_UNIT_STATUSES,
  type Shipment,
  type ShipmentUnit,
  type ShipmentUnitIndexEntry,
  type ShipmentUnitStatus,
} from '@toolkit/contracts/shipments.ts';
import { DEVICE_TYPES, type DeviceType } from '@toolkit/contracts/devices.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';

/* Shipments and their units as the lists, the scan and the supervisor read and change them. */

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const iso = (v: unknown) => (v instanceof Date ? v : new Date(str(v))).toISOString();
const text = (v: unknown) => (v === null || v === undefined ? null : str(v));
const statusOf = (v: unknown): ShipmentUnitStatus =>
  SHIPMENT_UNIT_STATUSES.find((s) => s === v) ?? 'in_stock';
const typeOf = (v: unknown): DeviceType => DEVICE_TYPES.find((t) => t === v) ?? 'Other';

const SHIPMENT_SELECT = sql`select s.id, s.client_id, s.campaign_id, s.reference, s.file_name, s.file_sha256,
    s.rows, s.imported_by, u.name as imported_by_name, s.imported_at,
    (select count(*) filter (where su.status = 'in_stock') from shipment_units su where su.shipment_id = s.id) as in_stock,
    (select count(*) filter (where su.status = 'installed') from shipment_units su where su.shipment_id = s.id) as installed,
    (select count(*) filter (where su.status = 'faulty') from shipment_units su where su.shipment_id = s.id) as faulty,
    (select count(*) filter (where su.status = 'returned') from shipment_units su where su.shipment_id = s.id) as returned
  from shipments s join users u on u.id = s.imported_by`;

function toShipment(r: Record<string, unknown>): Shipment {
  return {
    id: Number(r.id),
    clientId: Number(r.client_id),
    campaignId: r.campaign_id === null ? null : Number(r.campaign_id),
    reference: str(r.reference),
    fileName: text(r.file_name),
    fileSha256: String(r.file_sha256),
    rows: Number(r.rows),
    importedBy: { id: Number(r.imported_by), name: str(r.imported_by_name) },
    importedAt: iso(r.imported_at),
    counts: {
      in_stock: Number(r.in_stock),
      installed: Number(r.installed),
      faulty: Number(r.faulty),
      returned: Number(r.returned),
    },
  };
}

export async function findShipment(db: Db, id: number): Promise<Shipment | null> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${SHIPMENT_SELECT} where s.id = ${id}`);
  return row ? toShipment(row) : null;
}

/** The agency's shipments, newest first; with `campaignId`, that campaign's only. */
export async function listShipments(db: Db, clientId: number, campaignId?: number): Promise<Shipment[]> {
  const byCampaign = campaignId === undefined ? sql`` : sql` and s.campaign_id = ${campaignId}`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${SHIPMENT_SELECT} where s.client_id = ${clientId}${byCampaign} order by s.imported_at desc, s.id desc`,
  );
  return rows.map(toShipment);
}

const UNIT_SELECT = sql`select su.id, su.shipment_id, s.reference, su.client_id, su.serial, su.device_type, su.imei,
    su.iccid, su.phone, su.model, su.box, su.status, su.status_note, su.device_id, su.vehicle_id,
    v.vehicle_id as fleet, su.updated_at
  from shipment_units su join shipments s on s.id = su.shipment_id left join vehicles v on v.id = su.vehicle_id`;

function toUnit(r: Record<string, unknown>): ShipmentUnit {
  return {
    id: Number(r.id),
    shipmentId: Number(r.shipment_id),
    shipmentReference: str(r.reference),
    clientId: Number(r.client_id),
    serial: str(r.serial),
    deviceType: typeOf(r.device_type),
    imei: text(r.imei),
    iccid: text(r.iccid),
    phone: text(r.phone),
    model: text(r.model),
    box: text(r.box),
    status: statusOf(r.status),
    statusNote: text(r.status_note),
    deviceId: text(r.device_id),
    bus:
      r.vehicle_id === null || r.fleet === null
        ? null
        : { vehicleId: Number(r.vehicle_id), fleetNumber: str(r.fleet) },
    updatedAt: iso(r.updated_at),
  };
}

async function selectUnits(db: Db, where: SQL, tail: SQL = sql``): Promise<ShipmentUnit[]> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`${UNIT_SELECT} where ${where}${tail}`);
  return rows.map(toUnit);
}

export async function findUnit(db: Db, id: number): Promise<ShipmentUnit | null> {
  const [unit] = await selectUnits(db, sql`su.id = ${id}`);
  return unit ?? null;
}

/** A page of a shipment's units in serial order after `afterSerial`, with how many match in all. */
export async function unitPage(
  db: Db,
  shipmentId: number,
  status: ShipmentUnitStatus | undefined,
  afterSerial: string | null,
): Promise<{ items: ShipmentUnit[]; total: number }> {
  const byStatus = status === undefined ? sql`` : sql` and su.status = ${status}`;
  const after = afterSerial === null ? sql`` : sql` and su.serial collate "C" > ${afterSerial}`;
  const items = await selectUnits(
    db,
    sql`su.shipment_id = ${shipmentId}${byStatus}${after}`,
    sql` order by su.serial collate "C" limit ${SHIPMENT_UNIT_PAGE}`,
  );
  const [count] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from shipment_units su where su.shipment_id = ${shipmentId}${byStatus}`,
  );
  return { items, total: Number(count?.n ?? 0) };
}

/** Every unit of the agency, compact, for the offline scan. */
export async function unitIndex(db: Db, clientId: number): Promise<ShipmentUnitIndexEntry[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select su.id, su.serial, su.imei, su.iccid, su.device_type, su.status, su.device_id, su.vehicle_id,
        v.vehicle_id as fleet
      from shipment_units su left join vehicles v on v.id = su.vehicle_id
      where su.client_id = ${clientId} order by su.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    serial: str(r.serial),
    imei: text(r.imei),
    iccid: text(r.iccid),
    deviceType: typeOf(r.device_type),
    status: statusOf(r.status),
    deviceId: text(r.device_id),
    bus:
      r.vehicle_id === null || r.fleet === null
        ? null
        : { vehicleId: Number(r.vehicle_id), fleetNumber: str(r.fleet) },
  }));
}

/** The agency's unit whose serial (any case), IMEI or ICCID is the code; a serial match first. */
export async function unitByCode(db: Db, clientId: number, code: string): Promise<ShipmentUnit | null> {
  const [unit] = await selectUnits(
    db,
    sql`su.client_id = ${clientId} and (su.serial = ${code.toUpperCase()} or su.imei = ${code} or su.iccid = ${code})`,
    sql` order by (su.serial = ${code.toUpperCase()}) desc, su.id limit 1`,
  );
  return unit ?? null;
}

/** The unit a device came from: linked to it, or sharing its IMEI (its unique id) or its serial. */
export async function unitOfDevice(
  db: Db,
  clientId: number,
  device: { deviceId: string; imei: string | null; serialNumber: string | null },
): Promise<ShipmentUnit | null> {
  const serial = device.serialNumber?.trim().toUpperCase() ?? '';
  const [unit] = await selectUnits(
    db,
    sql`su.client_id = ${clientId} and (su.device_id = ${device.deviceId} or su.imei = ${device.deviceId}
      or su.imei = ${device.imei ?? ''} or su.imei = ${device.serialNumber?.trim() ?? ''} or su.serial = ${serial})`,
    sql` order by (su.device_id = ${device.deviceId}) desc, su.id limit 1`,
  );
  return unit ?? null;
}

/**
 * The agency's device named by a code: its device id, IMEI, serial number (any case) or SIM card
 * id; a device-id match first. Answers its device id.
 */
export async function deviceIdByCode(db: Db, clientId: number, code: string): Promise<string | null> {
  const upper = code.toUpperCase();
  // The device id through its unique index (as typed, or upper-cased: labels print it so), then
  // the agency's devices by IMEI, serial or SIM.
  const [byId] = await queryRows<{ device_id: string }>(
    db,
    sql`select d.device_id from devices d where d.client_id = ${clientId} and d.device_id in (${code}, ${upper})
      order by (d.device_id = ${code}) desc limit 1`,
  );
  if (byId) return byId.device_id;
  const [row] = await queryRows<{ device_id: string }>(
    db,
    sql`select d.device_id from devices d where d.client_id = ${clientId} and (d.imei = ${code}
        or upper(d.serial_number) = ${upper} or d.sim_card_id = ${code})
      order by d.id limit 1`,
  );
  return row?.device_id ?? null;
}

/** Sets a unit's status and note; back in stock, it leaves its device and bus. */
export async function setUnitStatus(
  db: Db,
  id: number,
  status: ShipmentUnitStatus,
  note: string | null,
): Promise<void> {
  const detach = status === 'in_stock' ? sql`, device_id = null, vehicle_id = null` : sql``;
  await db.execute(
    sql`update shipment_units set status = ${status}, status_note = ${note}, updated_at = now()${detach}
      where id = ${id}`,
  );
}

/** The active campaign bus a vehicle is in (with its campaign), or null. */
export async function activeBusOf(
  db: Db,
  vehicleId: number,
): Promise<{ busId: number; campaignId: number; campaignName: string; fleet: string } | null> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select cb.id, cb.campaign_id, c.name, v.vehicle_id as fleet from campaign_buses cb
      join campaigns c on c.id = cb.campaign_id join vehicles v on v.id = cb.vehicle_id
      where cb.vehicle_id = ${vehicleId} and cb.active limit 1`,
  );
  if (!row) return null;
  return {
    busId: Number(row.id),
    campaignId: Number(row.campaign_id),
    campaignName: str(row.name),
    fleet: str(row.fleet),
  };
}

/** The campaign a shipment was imported for, if any. */
export async function campaignOfShipment(db: Db, shipmentId: number): Promise<number | null> {
  const [row] = await queryRows<{ campaign_id: number | null }>(
    db,
    sql`select campaign_id from shipments where id = ${shipmentId}`,
  );
  return row?.campaign_id === null || row?.campaign_id === undefined ? null : Number(row.campaign_id);
}
