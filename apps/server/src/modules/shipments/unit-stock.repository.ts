import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';

/* What the dashboard's stock and the "unit installed" hook read and write. */

/**
 * Units by device type and status: the agency's units from this campaign's shipments and from
 * shipments made for no campaign (the agency's general stock).
 */
export async function unitCounts(
  db: Db,
  clientId: number,
  campaignId: number,
): Promise<{ deviceType: string; status: string; n: number }[]> {
  const rows = await queryRows<{ device_type: string; status: string; n: number | string }>(
    db,
    sql`select su.device_type, su.status, count(*)::int as n
      from shipment_units su join shipments s on s.id = su.shipment_id
      where su.client_id = ${clientId} and (s.campaign_id = ${campaignId} or s.campaign_id is null)
      group by su.device_type, su.status`,
  );
  return rows.map((r) => ({ deviceType: r.device_type, status: r.status, n: Number(r.n) }));
}

/**
 * Devices each type the campaign's buses not yet accepted still need: per bus, its fit items'
 * quantities of the type (items marked not applicable left out) minus the devices of the type on
 * it, never below 0.
 */
export async function neededByType(db: Db, campaignId: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ device_type: string; n: number | string }>(
    db,
    sql`with need as (
        select cb.vehicle_id, ci.device_type, sum(coalesce(ci.quantity, 1)) as q
        from campaign_buses cb join campaign_items ci on ci.campaign_id = cb.campaign_id
        where cb.campaign_id = ${campaignId} and cb.state <> 'accepted' and ci.kind = 'fit'
          and ci.device_type is not null
          and not exists (select 1 from campaign_bus_items i where i.bus_id = cb.id and i.key = ci.key
            and i.state = 'na')
        group by cb.id, cb.vehicle_id, ci.device_type
      )
      select need.device_type, sum(greatest(need.q - (select count(*) from devices d
          where d.vehicle_id = need.vehicle_id and d.type = need.device_type), 0))::int as n
      from need group by need.device_type`,
  );
  return new Map(rows.map((r) => [r.device_type, Number(r.n)]));
}

/**
 * The agency's in-stock unit a device is (its unique id or IMEI is the unit's IMEI, or its serial
 * number the unit's serial) marked installed on the vehicle, linked to the device. A unit already
 * installed with this device follows it to the vehicle. Answers the unit newly installed, if any.
 */
export async function installUnitOf(
  db: Db,
  clientId: number,
  device: { deviceId: string; imei: string | null; serialNumber: string | null },
  vehicleId: number,
): Promise<{ id: number; serial: string; imei: string | null } | null> {
  await db.execute(
    sql`update shipment_units set vehicle_id = ${vehicleId}, updated_at = now()
      where client_id = ${clientId} and device_id = ${device.deviceId} and status = 'installed'
        and vehicle_id is distinct from ${vehicleId}`,
  );
  const serial = device.serialNumber?.trim().toUpperCase() ?? '';
  const [row] = await queryRows<{ id: number; serial: string; imei: string | null }>(
    db,
    sql`update shipment_units set status = 'installed', vehicle_id = ${vehicleId},
        device_id = ${device.deviceId}, updated_at = now()
      where id = (select su.id from shipment_units su where su.client_id = ${clientId}
          and su.status = 'in_stock' and (su.imei = ${device.deviceId} or su.imei = ${device.imei ?? ''}
            or su.imei = ${device.serialNumber?.trim() ?? ''} or su.serial = ${serial})
          order by su.id limit 1)
        and status = 'in_stock'
      returning id, serial, imei`,
  );
  return row ? { id: Number(row.id), serial: row.serial, imei: row.imei } : null;
}
