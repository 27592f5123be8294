import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { InstallationLog } from '@toolkit/contracts/logs.ts';
import type { Db } from '../../db/client.ts';
import { vehicleRecordsChanged } from '../../lib/bus-reads.ts';
import { installationLogs } from '../../db/schema/tables.ts';

export interface NewLogEntry {
  userId: number;
  clientId: number | null;
  vehicleId: number | null;
  deviceId?: string | null;
  action: string;
  details: string | null;
}

function toLog(r: typeof installationLogs.$inferSelect): InstallationLog {
  return {
    id: r.id,
    userId: r.userId,
    vehicleId: r.vehicleId,
    deviceId: r.deviceId,
    action: r.action,
    details: r.details,
    timestamp: r.timestamp.toISOString(),
  };
}

export async function insertLog(db: Db, entry: NewLogEntry): Promise<InstallationLog> {
  const [row] = await db
    .insert(installationLogs)
    .values({ ...entry, deviceId: entry.deviceId ?? null })
    .returning();
  if (!row) throw new Error('log insert returned nothing');
  vehicleRecordsChanged(row.vehicleId);
  return toLog(row);
}

/** Entries of these agencies, or written by this user; newest first. */
export async function listLogs(
  db: Db,
  filter: { userId: number; clientIds: readonly number[]; vehicleId: number | undefined; limit: number },
): Promise<InstallationLog[]> {
  const scope =
    filter.clientIds.length > 0
      ? or(
          inArray(installationLogs.clientId, [...filter.clientIds]),
          eq(installationLogs.userId, filter.userId),
        )
      : eq(installationLogs.userId, filter.userId);
  const where = filter.vehicleId ? and(scope, eq(installationLogs.vehicleId, filter.vehicleId)) : scope;
  const rows = await db
    .select()
    .from(installationLogs)
    .where(where)
    .orderBy(desc(installationLogs.timestamp), desc(installationLogs.id))
    .limit(filter.limit);
  return rows.map(toLog);
}
