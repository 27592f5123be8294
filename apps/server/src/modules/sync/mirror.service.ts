import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  assignmentHistory,
  clients,
  devices,
  deviceSystems,
  outbox,
  vehicles,
} from '../../db/schema/tables.ts';
import type { FleetProvider, ProviderDevice, ProviderVehicle } from '../../providers/fleet/fleet-provider.ts';

const ACTIVE_WINDOW_MS = 10 * 60_000;
type VehicleRow = typeof vehicles.$inferSelect;
type DeviceRow = typeof devices.$inferSelect;

const VEHICLE_FIELDS = [
  'vehicleId',
  'description',
  'route',
  'vin',
  'seatedCapacity',
  'doors',
  'vehicleType',
  'make',
  'model',
  'year',
  'odometer',
] as const;

/** New rows are written this many at a time (a first sign-in mirrors thousands). */
const INSERT_BATCH = 500;
/**
 * A heartbeat that only moved forward a little is not worth a write: screens show last-seen times
 * to the minute. A status change is always written at once.
 */
const HEARTBEAT_GRANULARITY_MS = 60_000;

function heartbeatMoved(a: Date | null, b: Date | null): boolean {
  if (a === null || b === null) return a !== b;
  return Math.abs(a.getTime() - b.getTime()) >= HEARTBEAT_GRANULARITY_MS;
}

/**
 * Keeps the local database a mirror of the external system: agencies at sign-in, and for agencies
 * in use their vehicles, device systems and devices (statuses every STATUS_REFRESH_MS).
 * Assignments merge three ways: the last agreed external value is the base, so a change made on
 * one side is adopted and a change made on both sides is left for the sync check to report.
 */
export class MirrorService {
  private readonly active = new Map<number, number>();
  private readonly inFlight = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Upserts the agencies with these external ids and returns their local ids. */
  async syncClients(externalIds: readonly string[]): Promise<number[]> {
    if (externalIds.length === 0) return [];
    const remote = await this.provider.listClients(externalIds);
    const ids: number[] = [];
    for (const c of remote) {
      const [row] = await this.db
        .insert(clients)
        .values({ externalId: c.externalId, name: c.name, fullName: c.fullName, region: c.region })
        .onConflictDoUpdate({
          target: clients.externalId,
          set: { name: c.name, fullName: c.fullName, region: c.region },
        })
        .returning({ id: clients.id });
      if (row) ids.push(row.id);
    }
    return ids;
  }

  /** Notes that an agency is in use, so its statuses are kept fresh. */
  touch(clientId: number): void {
    this.active.set(clientId, Date.now());
  }

  /** Pulls one agency's fleet now; concurrent calls for the same agency share one pull. */
  syncFleet(clientId: number): Promise<void> {
    const running = this.inFlight.get(clientId);
    if (running) return running;
    const p = this.pullFleet(clientId).finally(() => this.inFlight.delete(clientId));
    this.inFlight.set(clientId, p);
    return p;
  }

  start(intervalMs: number): void {
    this.timer ??= setInterval(() => void this.refreshActive(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  async refreshActive(): Promise<void> {
    const now = Date.now();
    for (const [clientId, at] of this.active) {
      if (now - at > ACTIVE_WINDOW_MS) {
        this.active.delete(clientId);
        continue;
      }
      try {
        await this.syncFleet(clientId);
      } catch (err) {
        this.log.warn(
          { clientId, err: err instanceof Error ? err.message : String(err) },
          'fleet refresh failed',
        );
      }
    }
  }

  private async pullFleet(clientId: number): Promise<void> {
    const [client] = await this.db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
    if (!client) return;
    const [remoteVehicles, remoteSystems, remoteDevices] = await Promise.all([
      this.provider.listVehicles(client.externalId),
      this.provider.listDeviceSystems(client.externalId),
      this.provider.listDevices(client.externalId),
    ]);
    let changed = await this.mergeVehicles(clientId, remoteVehicles);
    const systemIds = await this.mergeSystems(clientId, remoteSystems);
    changed = (await this.mergeDevices(clientId, remoteDevices, systemIds)) || changed;
    await this.db
      .update(clients)
      .set({
        syncedAt: new Date(),
        vehicleCount: sql`(select count(*)::int from vehicles where client_id = ${clientId})`,
        ...(changed ? { revision: sql`${clients.revision} + 1` } : {}),
      })
      .where(eq(clients.id, clientId));
  }

  private async mergeVehicles(clientId: number, remote: ProviderVehicle[]): Promise<boolean> {
    const local = await this.db.select().from(vehicles).where(eq(vehicles.clientId, clientId));
    const byExternal = new Map(local.filter((v) => v.externalId).map((v) => [v.externalId, v]));
    const localOnlyByLabel = new Map(
      local.filter((v) => !v.externalId).map((v) => [v.vehicleId.toLowerCase(), v]),
    );
    const pending = await this.pendingSubjects(clientId, 'vehicle-update');
    let changed = false;
    const fresh: (typeof vehicles.$inferInsert)[] = [];
    for (const rv of remote) {
      const fields = {
        vehicleId: rv.vehicleId,
        description: rv.description,
        route: rv.route,
        vin: rv.vin,
        seatedCapacity: rv.seatedCapacity,
        doors: rv.doors,
        vehicleType: rv.vehicleType,
        make: rv.make,
        model: rv.model,
        year: rv.year,
        odometer: rv.odometer,
      };
      const lastSeen = rv.lastSeen ? new Date(rv.lastSeen) : null;
      const existing = byExternal.get(rv.externalId) ?? localOnlyByLabel.get(rv.vehicleId.toLowerCase());
      if (!existing) {
        fresh.push({ clientId, externalId: rv.externalId, isLocal: false, ...fields, lastSeen });
        continue;
      }
      if (pending.has(`vehicle:${String(existing.id)}`)) continue;
      if (this.vehicleDiffers(existing, fields, rv) || !existing.externalId) {
        await this.db
          .update(vehicles)
          .set({ ...fields, externalId: rv.externalId, isLocal: false, lastSeen, updatedAt: new Date() })
          .where(eq(vehicles.id, existing.id));
        changed = true;
      }
    }
    for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
      await this.db.insert(vehicles).values(fresh.slice(i, i + INSERT_BATCH));
      changed = true;
    }
    return changed;
  }

  private vehicleDiffers(
    row: VehicleRow,
    fields: Record<(typeof VEHICLE_FIELDS)[number], unknown>,
    rv: ProviderVehicle,
  ): boolean {
    return (
      VEHICLE_FIELDS.some((k) => row[k] !== fields[k]) ||
      heartbeatMoved(row.lastSeen, rv.lastSeen ? new Date(rv.lastSeen) : null)
    );
  }

  private async mergeSystems(
    clientId: number,
    remote: Awaited<ReturnType<FleetProvider['listDeviceSystems']>>,
  ): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (const s of remote) {
      const [row] = await this.db
        .insert(deviceSystems)
        .values({
          clientId,
          externalId: s.externalId,
          name: s.name,
          mdt: s.mdt,
          router: s.router,
          gps: s.gps,
          apc: s.apc,
        })
        .onConflictDoUpdate({
          target: [deviceSystems.clientId, deviceSystems.externalId],
          set: { name: s.name, mdt: s.mdt, router: s.router, gps: s.gps, apc: s.apc },
        })
        .returning({ id: deviceSystems.id });
      if (row) ids.set(s.externalId, row.id);
    }
    return ids;
  }

  private async mergeDevices(
    clientId: number,
    remote: ProviderDevice[],
    systemIds: Map<string, number>,
  ): Promise<boolean> {
    const vehicleRows = await this.db
      .select({ id: vehicles.id, externalId: vehicles.externalId, label: vehicles.vehicleId })
      .from(vehicles)
      .where(eq(vehicles.clientId, clientId));
    const vehicleByExternal = new Map(vehicleRows.filter((v) => v.externalId).map((v) => [v.externalId, v]));
    const vehicleById = new Map(vehicleRows.map((v) => [v.id, v]));
    const local = await this.db
      .select()
      .from(devices)
      .where(and(eq(devices.clientId, clientId), isNotNull(devices.navigatorDeviceId)));
    const byNav = new Map(local.map((d) => [d.navigatorDeviceId, d]));
    const pending = await this.pendingSubjects(clientId, 'device-assignment');
    let changed = false;
    const fresh: { row: typeof devices.$inferInsert; vehicle: { id: number; label: string } | null }[] = [];

    for (const rd of remote) {
      const remoteVehicle = rd.vehicleExternalId ? vehicleByExternal.get(rd.vehicleExternalId) : undefined;
      const state = {
        type: rd.type,
        name: rd.name,
        deviceSystem: rd.deviceSystem,
        deviceSystemId: rd.deviceSystemExternalId ? (systemIds.get(rd.deviceSystemExternalId) ?? null) : null,
        status: rd.status,
        lastHeartbeat: rd.lastHeartbeat ? new Date(rd.lastHeartbeat) : null,
        signalStrength: rd.signalStrength,
        serialNumber: rd.serialNumber,
        serialNumberESN: rd.serialNumberESN,
        phone: rd.phone,
        simCardId: rd.simCardId,
        imei: rd.imei,
        ipAddress: rd.ipAddress,
        firmwareVersion: rd.firmwareVersion,
        metadata: rd.metadata,
      };
      const row = byNav.get(rd.externalId);
      if (!row) {
        fresh.push({
          row: {
            ...state,
            deviceId: rd.deviceId,
            navigatorDeviceId: rd.externalId,
            clientId,
            vehicleId: remoteVehicle?.id ?? null,
            syncedVehicleExternalId: rd.vehicleExternalId,
          },
          vehicle: remoteVehicle ? { id: remoteVehicle.id, label: remoteVehicle.label } : null,
        });
        continue;
      }
      const update: Partial<DeviceRow> = {};
      if (this.deviceStateDiffers(row, state)) Object.assign(update, state);

      const localVehicle = row.vehicleId === null ? null : vehicleById.get(row.vehicleId);
      const localExt =
        row.vehicleId === null ? null : (localVehicle?.externalId ?? `local:${String(row.vehicleId)}`);
      const remoteExt = rd.vehicleExternalId;
      if (localExt === remoteExt) {
        if (row.syncedVehicleExternalId !== remoteExt) update.syncedVehicleExternalId = remoteExt;
      } else if (!pending.has(`device:${String(row.id)}`) && localExt === row.syncedVehicleExternalId) {
        // Changed on the external side only: adopt it, keeping the history.
        await this.moveDevice(row, remoteVehicle ?? null);
        update.vehicleId = remoteVehicle?.id ?? null;
        update.syncedVehicleExternalId = remoteExt;
      }
      if (Object.keys(update).length > 0) {
        await this.db
          .update(devices)
          .set({ ...update, updatedAt: new Date() })
          .where(eq(devices.id, row.id));
        changed = true;
      }
    }
    for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
      const batch = fresh.slice(i, i + INSERT_BATCH);
      const inserted = await this.db
        .insert(devices)
        .values(batch.map((b) => b.row))
        .onConflictDoNothing()
        .returning({ id: devices.id, navigatorDeviceId: devices.navigatorDeviceId });
      const vehicleOf = new Map(batch.map((b) => [b.row.navigatorDeviceId, b.vehicle]));
      const history = inserted.flatMap((d) => {
        const v = vehicleOf.get(d.navigatorDeviceId);
        return v ? [{ deviceId: d.id, vehicleId: v.id, vehicleLabel: v.label, source: 'navigator' }] : [];
      });
      if (history.length > 0) await this.db.insert(assignmentHistory).values(history);
      changed = true;
    }
    return changed;
  }

  private deviceStateDiffers(
    row: DeviceRow,
    s: Omit<
      DeviceRow,
      | 'id'
      | 'deviceId'
      | 'navigatorDeviceId'
      | 'clientId'
      | 'vehicleId'
      | 'syncedVehicleExternalId'
      | 'createdAt'
      | 'updatedAt'
    >,
  ): boolean {
    return (
      row.status !== s.status ||
      heartbeatMoved(row.lastHeartbeat, s.lastHeartbeat) ||
      row.signalStrength !== s.signalStrength ||
      row.name !== s.name ||
      row.type !== s.type ||
      row.deviceSystem !== s.deviceSystem ||
      row.deviceSystemId !== s.deviceSystemId ||
      row.serialNumber !== s.serialNumber ||
      row.serialNumberESN !== s.serialNumberESN ||
      row.phone !== s.phone ||
      row.simCardId !== s.simCardId ||
      row.imei !== s.imei ||
      row.ipAddress !== s.ipAddress ||
      row.firmwareVersion !== s.firmwareVersion ||
      JSON.stringify(row.metadata) !== JSON.stringify(s.metadata)
    );
  }

  private async moveDevice(row: DeviceRow, to: { id: number; label: string } | null): Promise<void> {
    await this.db
      .update(assignmentHistory)
      .set({ toAt: new Date() })
      .where(and(eq(assignmentHistory.deviceId, row.id), sql`${assignmentHistory.toAt} is null`));
    if (to) {
      await this.db
        .insert(assignmentHistory)
        .values({ deviceId: row.id, vehicleId: to.id, vehicleLabel: to.label, source: 'navigator' });
    }
  }

  private async pendingSubjects(clientId: number, kind: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(
        and(
          eq(outbox.clientId, clientId),
          eq(outbox.kind, kind),
          inArray(outbox.status, ['pending', 'processing']),
        ),
      );
    return new Set(rows.map((r) => r.subject));
  }
}
