import { and, asc, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AssignmentHistoryEntry, Device, DeviceSystem } from '@toolkit/contracts/devices.ts';
import type { Db } from '../../db/client.ts';
import {
  assignmentHistory,
  clients,
  deviceCommands,
  devices,
  deviceSystems,
  users,
  vehicles,
} from '../../db/schema/tables.ts';

const columns = {
  row: devices,
  vehicleLabel: vehicles.vehicleId,
};

type Joined = { row: typeof devices.$inferSelect; vehicleLabel: string | null };

function toDevice({ row, vehicleLabel }: Joined): Device {
  return {
    id: row.id,
    deviceId: row.deviceId,
    navigatorDeviceId: row.navigatorDeviceId,
    clientId: row.clientId,
    type: row.type,
    name: row.name,
    deviceSystem: row.deviceSystem,
    deviceSystemId: row.deviceSystemId,
    vehicleId: row.vehicleId,
    vehicleLabel,
    status: row.status,
    lastHeartbeat: row.lastHeartbeat?.toISOString() ?? null,
    signalStrength: row.signalStrength,
    serialNumber: row.serialNumber,
    serialNumberESN: row.serialNumberESN,
    phone: row.phone,
    simCardId: row.simCardId,
    imei: row.imei,
    ipAddress: row.ipAddress,
    firmwareVersion: row.firmwareVersion,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
  };
}

async function selectDevices(db: Db, where: SQL | undefined): Promise<Device[]> {
  const rows = await db
    .select(columns)
    .from(devices)
    .leftJoin(vehicles, eq(vehicles.id, devices.vehicleId))
    .where(where)
    .orderBy(asc(devices.deviceId), asc(devices.id));
  return rows.map(toDevice);
}

/** The agency's devices whose list row changed after revision `since` (decision 022). */
export const listDevicesChangedSince = (db: Db, clientId: number, since: number) =>
  selectDevices(
    db,
    and(eq(devices.clientId, clientId), or(isNull(devices.changedRev), gt(devices.changedRev, since))),
  );

/**
 * An agency's devices a page at a time, in the list's order (device id, then row id: device ids
 * may repeat), by keyset (no offset scans), for the list body and reports that must not hold
 * 15,000 devices at once.
 */
export async function* pagesOfClientDevices(
  db: Db,
  clientId: number,
  pageSize = 1000,
): AsyncGenerator<Device[]> {
  let after: { deviceId: string; id: number } | null = null;
  for (;;) {
    const page: Joined[] = await db
      .select(columns)
      .from(devices)
      .leftJoin(vehicles, eq(vehicles.id, devices.vehicleId))
      .where(
        and(
          eq(devices.clientId, clientId),
          after === null
            ? undefined
            : sql`(${devices.deviceId}, ${devices.id}) > (${after.deviceId}, ${after.id})`,
        ),
      )
      .orderBy(asc(devices.deviceId), asc(devices.id))
      .limit(pageSize);
    const last = page.at(-1);
    if (!last) return;
    yield page.map(toDevice);
    after = { deviceId: last.row.deviceId, id: last.row.id };
  }
}

/** How many devices an agency has of each type and status (one grouped query). */
export function countClientDevices(db: Db, clientId: number) {
  return db
    .select({ type: devices.type, status: devices.status, n: count() })
    .from(devices)
    .where(eq(devices.clientId, clientId))
    .groupBy(devices.type, devices.status);
}

export const listDevicesByVehicle = (db: Db, vehicleId: number) =>
  selectDevices(db, eq(devices.vehicleId, vehicleId));
export const listDevicesByClients = (db: Db, clientIds: readonly number[]) =>
  clientIds.length === 0
    ? Promise.resolve([])
    : selectDevices(
        db,
        sql`${devices.clientId} in (${sql.join(
          clientIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );

export async function findDevice(db: Db, deviceId: string): Promise<Device | null> {
  const [d] = await selectDevices(db, eq(devices.deviceId, deviceId));
  return d ?? null;
}

export async function deviceHistory(db: Db, deviceRowId: number): Promise<AssignmentHistoryEntry[]> {
  const assigner = sql<
    string | null
  >`(select name from ${users} u where u.id = ${assignmentHistory.assignedBy})`;
  const unassigner = sql<
    string | null
  >`(select name from ${users} u where u.id = ${assignmentHistory.unassignedBy})`;
  const rows = await db
    .select({
      h: assignmentHistory,
      device: devices.deviceId,
      assignedBy: assigner,
      unassignedBy: unassigner,
    })
    .from(assignmentHistory)
    .innerJoin(devices, eq(devices.id, assignmentHistory.deviceId))
    .where(eq(assignmentHistory.deviceId, deviceRowId))
    .orderBy(desc(assignmentHistory.fromAt), desc(assignmentHistory.id));
  return rows.map(({ h, device, assignedBy, unassignedBy }) => ({
    id: h.id,
    deviceId: device,
    vehicleId: h.vehicleId,
    vehicleLabel: h.vehicleLabel,
    fromAt: h.fromAt.toISOString(),
    toAt: h.toAt?.toISOString() ?? null,
    assignedBy: assignedBy ?? (h.source === 'navigator' ? 'External system' : null),
    unassignedBy,
  }));
}

/** Closes the device's open assignment and, when `to` is given, opens the next one. */
export async function recordMove(
  db: Db,
  input: { deviceRowId: number; to: { id: number; label: string } | null; userId: number },
): Promise<void> {
  await db
    .update(assignmentHistory)
    .set({ toAt: new Date(), unassignedBy: input.userId })
    .where(and(eq(assignmentHistory.deviceId, input.deviceRowId), sql`${assignmentHistory.toAt} is null`));
  if (input.to) {
    await db.insert(assignmentHistory).values({
      deviceId: input.deviceRowId,
      vehicleId: input.to.id,
      vehicleLabel: input.to.label,
      assignedBy: input.userId,
      source: 'local',
    });
  }
}

/** The device's vehicle: set (assign, reassign) or cleared (unassign). */
export async function setDeviceVehicle(db: Db, deviceRowId: number, vehicleId: number | null): Promise<void> {
  await db.update(devices).set({ vehicleId, updatedAt: new Date() }).where(eq(devices.id, deviceRowId));
}

export async function insertDevice(db: Db, values: typeof devices.$inferInsert): Promise<number> {
  const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
  if (!row) throw new Error('device insert returned nothing');
  return row.id;
}

export async function findClientExternalId(db: Db, clientId: number): Promise<string | null> {
  const [row] = await db
    .select({ externalId: clients.externalId })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row?.externalId ?? null;
}

export async function findDeviceSystemId(db: Db, clientId: number, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: deviceSystems.id })
    .from(deviceSystems)
    .where(and(eq(deviceSystems.clientId, clientId), eq(deviceSystems.name, name)))
    .limit(1);
  return row?.id ?? null;
}

export function listDeviceSystems(db: Db, clientId: number): Promise<DeviceSystem[]> {
  return db
    .select({
      id: deviceSystems.id,
      name: deviceSystems.name,
      mdt: deviceSystems.mdt,
      router: deviceSystems.router,
      gps: deviceSystems.gps,
      apc: deviceSystems.apc,
    })
    .from(deviceSystems)
    .where(eq(deviceSystems.clientId, clientId))
    .orderBy(deviceSystems.name);
}

export async function insertDeviceCommand(
  db: Db,
  values: Omit<typeof deviceCommands.$inferInsert, 'id' | 'createdAt'>,
): Promise<void> {
  await db.insert(deviceCommands).values(values);
}

/** Each device of the agency with the external ids the sync check compares. */
export function listLocalAssignments(db: Db, clientId: number) {
  return db
    .select({
      id: devices.id,
      deviceId: devices.deviceId,
      nav: devices.navigatorDeviceId,
      base: devices.syncedVehicleExternalId,
      vehicleExt: vehicles.externalId,
      vehicleLabel: vehicles.vehicleId,
      vehicleId: devices.vehicleId,
    })
    .from(devices)
    .leftJoin(vehicles, eq(vehicles.id, devices.vehicleId))
    .where(eq(devices.clientId, clientId));
}
