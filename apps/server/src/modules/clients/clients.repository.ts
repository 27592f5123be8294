import { sql } from 'drizzle-orm';
import type { Client, FleetOverview } from '@toolkit/contracts/clients.ts';
import { DEVICE_TYPES, type DeviceType } from '@toolkit/contracts/devices.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';

interface ClientRow {
  id: number;
  name: string;
  full_name: string | null;
  region: string | null;
  created_at: Date | string;
  synced_at: Date | string | null;
  vehicle_count: number;
  device_count: number;
  online_device_count: number;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** The agencies' revisions and last pulls, in display order (by full name, else name). */
export async function clientRevisions(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; revision: number; syncedAt: string | null }[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number; revision: number; synced_at: Date | string | null }>(
    db,
    sql`select id, revision, synced_at from clients where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by coalesce(full_name, name)`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    revision: Number(r.revision),
    syncedAt: r.synced_at ? iso(r.synced_at) : null,
  }));
}

/** Agencies with their counts, computed in SQL. */
export async function listClientsWithCounts(db: Db, ids: readonly number[]): Promise<Client[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ClientRow>(
    db,
    sql`select c.id, c.name, c.full_name, c.region, c.created_at, c.synced_at,
          (select count(*)::int from vehicles v where v.client_id = c.id) as vehicle_count,
          (select count(*)::int from devices d where d.client_id = c.id) as device_count,
          (select count(*)::int from devices d where d.client_id = c.id and d.status = 'online') as online_device_count
        from clients c
        where c.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by coalesce(c.full_name, c.name)`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    fullName: r.full_name,
    region: r.region,
    vehicleCount: Number(r.vehicle_count),
    deviceCount: Number(r.device_count),
    onlineDeviceCount: Number(r.online_device_count),
    createdAt: iso(r.created_at),
  }));
}

/** Vehicle statuses (§4, type Other ignored) and device-type counts, all in SQL. */
export async function fleetOverview(db: Db, clientId: number): Promise<Omit<FleetOverview, 'lastSyncedAt'>> {
  const [vehicleRow] = await queryRows<{ total: number; online: number; unknown: number; offline: number }>(
    db,
    sql`select count(*)::int as total,
          count(*) filter (where s.reporting > 0 and s.online = s.reporting)::int as online,
          count(*) filter (where s.online > 0 and s.online < s.reporting)::int as unknown,
          count(*) filter (where s.online = 0)::int as offline
        from (
          select v.id,
            count(d.id) filter (where d.type <> 'Other') as reporting,
            count(d.id) filter (where d.type <> 'Other' and d.status = 'online') as online
          from vehicles v left join devices d on d.vehicle_id = v.id
          where v.client_id = ${clientId}
          group by v.id
        ) s`,
  );
  const typeRows = await queryRows<{ type: string; n: number; online: number }>(
    db,
    sql`select type, count(*)::int as n, count(*) filter (where status = 'online')::int as online
        from devices where client_id = ${clientId} group by type`,
  );
  const deviceTypes: Record<DeviceType, number> = { GPS: 0, Tablet: 0, Router: 0, APC: 0, Other: 0 };
  const isDeviceType = (t: string): t is DeviceType => DEVICE_TYPES.some((d) => d === t);
  let totalDevices = 0;
  let onlineDevices = 0;
  for (const r of typeRows) {
    if (isDeviceType(r.type)) deviceTypes[r.type] = Number(r.n);
    totalDevices += Number(r.n);
    onlineDevices += Number(r.online);
  }
  return {
    clientId,
    totalVehicles: Number(vehicleRow?.total ?? 0),
    totalDevices,
    onlineDevices,
    vehicleStatus: {
      online: Number(vehicleRow?.online ?? 0),
      unknown: Number(vehicleRow?.unknown ?? 0),
      offline: Number(vehicleRow?.offline ?? 0),
    },
    deviceTypes,
  };
}

/** The agency's revision and last pull, in one lookup; null when it does not exist. */
export async function clientSyncState(
  db: Db,
  clientId: number,
): Promise<{ revision: number; syncedAt: string | null } | null> {
  const [row] = await queryRows<{ revision: number; synced_at: Date | string | null }>(
    db,
    sql`select revision, synced_at from clients where id = ${clientId}`,
  );
  if (!row) return null;
  return { revision: Number(row.revision), syncedAt: row.synced_at ? iso(row.synced_at) : null };
}

/** Every agency's id (the simulator control pulls them all). */
export async function listAllClientIds(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from clients`);
  return rows.map((r) => Number(r.id));
}
