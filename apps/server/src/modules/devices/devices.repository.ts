import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AssignmentHistoryEntry, Device, DeviceType } from '@toolkit/contracts/devices.ts';
import type { Db } from '../../db/client.ts';
import { assignmentHistory, devices, users, vehicles } from '../../db/schema/tables.ts';

const columns = {
  row: devices,
  vehicleLabel: vehicles.vehicleId,
};

type Joined = { row: typeof devices.$inferSelect; vehicleLabel: string | null };

export function toDevice({ row, vehicleLabel }: Joined): Device {
  return {
    id: row.id,
    deviceId: row.deviceId,
    navigatorDeviceId: row.navigatorDeviceId,
    clientId: row.clientId,
    type: row.type as DeviceType,
    name: row.name,
    deviceSystem: row.deviceSystem,
    deviceSystemId: row.deviceSystemId,
    vehicleId: row.vehicleId,
    vehicleLabel,
    status: row.status as Device['status'],
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
    .orderBy(devices.deviceId);
  return rows.map(toDevice);
}

export const listDevicesByClient = (db: Db, clientId: number) =>
  selectDevices(db, eq(devices.clientId, clientId));
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
