import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { vehicles } from '../../db/schema/tables.ts';

interface VehicleRow {
  id: number;
  vehicle_id: string;
  client_id: number;
  description: string | null;
  route: string | null;
  status: string;
  last_seen: Date | string | null;
  vin: string | null;
  seated_capacity: number | null;
  doors: number | null;
  vehicle_type: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  odometer: number | null;
  created_at: Date | string;
  is_local: boolean;
  reporting: number;
  online: number;
  device_count: number;
}

const iso = (v: Date | string | null) =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

function toVehicle(r: VehicleRow): Vehicle {
  const reporting = Number(r.reporting);
  const online = Number(r.online);
  return {
    id: Number(r.id),
    vehicleId: r.vehicle_id,
    clientId: Number(r.client_id),
    description: r.description,
    route: r.route,
    status: r.status,
    lastSeen: iso(r.last_seen),
    vin: r.vin,
    seatedCapacity: r.seated_capacity,
    doors: r.doors,
    vehicleType: r.vehicle_type,
    make: r.make,
    model: r.model,
    year: r.year,
    odometer: r.odometer,
    createdAt: iso(r.created_at) ?? '',
    connectionStatus:
      reporting === 0 || online === 0 ? 'offline' : online === reporting ? 'online' : 'unknown',
    deviceCount: Number(r.device_count),
    isLocal: r.is_local,
  };
}

/** Vehicles with their status derived from their devices (§4), in one query. */
async function selectVehicles(db: Db, where: SQL, deviceWhere: SQL): Promise<Vehicle[]> {
  const rows = await queryRows<VehicleRow>(
    db,
    sql`select v.id, v.vehicle_id, v.client_id, v.description, v.route, v.status, v.last_seen, v.vin,
          v.seated_capacity, v.doors, v.vehicle_type, v.make, v.model, v.year, v.odometer, v.created_at, v.is_local,
          coalesce(d.reporting, 0) as reporting, coalesce(d.online, 0) as online, coalesce(d.total, 0) as device_count
        from vehicles v
        left join (
          select vehicle_id,
            count(*) filter (where type <> 'Other')::int as reporting,
            count(*) filter (where type <> 'Other' and status = 'online')::int as online,
            count(*)::int as total
          from devices where vehicle_id is not null and ${deviceWhere} group by vehicle_id
        ) d on d.vehicle_id = v.id
        where ${where}
        order by v.vehicle_id`,
  );
  return rows.map(toVehicle);
}

export function listVehiclesByClient(db: Db, clientId: number): Promise<Vehicle[]> {
  return selectVehicles(db, sql`v.client_id = ${clientId}`, sql`client_id = ${clientId}`);
}

/** The agency's vehicles whose list row changed after revision `since` (decision 022). */
export function listVehiclesChangedSince(db: Db, clientId: number, since: number): Promise<Vehicle[]> {
  const changed = sql`v.client_id = ${clientId} and (v.changed_rev is null or v.changed_rev > ${since})`;
  return selectVehicles(
    db,
    changed,
    sql`client_id = ${clientId} and vehicle_id in (select v.id from vehicles v where ${changed})`,
  );
}

export async function getVehicle(db: Db, id: number): Promise<Vehicle | null> {
  const [v] = await selectVehicles(db, sql`v.id = ${id}`, sql`vehicle_id = ${id}`);
  return v ?? null;
}

export async function findVehicleByLabel(
  db: Db,
  clientId: number,
  label: string,
): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.clientId, clientId), sql`lower(${vehicles.vehicleId}) = lower(${label})`))
    .limit(1);
  return row ?? null;
}

/** A local-only vehicle (it stays out of the external system). */
export async function insertLocalVehicle(
  db: Db,
  input: {
    clientId: number;
    vehicleId: string;
    description: string | null;
    route: string | null;
    status: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(vehicles)
    .values({ ...input, isLocal: true })
    .returning({ id: vehicles.id });
  if (!row) throw new Error('vehicle insert returned nothing');
  return row.id;
}

export async function updateVehicleFields(
  db: Db,
  id: number,
  patch: Partial<Pick<typeof vehicles.$inferInsert, 'vin' | 'make' | 'model' | 'year' | 'odometer'>>,
): Promise<{ isLocal: boolean } | null> {
  // Whether it is local is read by the update itself, under its row lock: a create at the platform
  // committing meanwhile (is_local going false) is seen, never an older answer.
  const [row] = await db
    .update(vehicles)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(vehicles.id, id))
    .returning({ isLocal: vehicles.isLocal });
  return row ?? null;
}

/** A vehicle of this agency by its row id (assignments check the agency as well). */
export async function findClientVehicle(db: Db, clientId: number, id: number) {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

/** Local labels of the agency's mirrored vehicles, by external id. */
export async function vehicleLabelsByExternalId(db: Db, clientId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ ext: vehicles.externalId, label: vehicles.vehicleId })
    .from(vehicles)
    .where(and(eq(vehicles.clientId, clientId), eq(vehicles.isLocal, false)));
  return new Map(rows.flatMap((v) => (v.ext === null ? [] : [[v.ext, v.label] as const])));
}
