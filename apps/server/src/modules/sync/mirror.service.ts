import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FleetMirror } from '../../lib/ports.ts';
import type { FleetProvider, ProviderDevice, ProviderVehicle } from '../../providers/fleet/fleet-provider.ts';
import {
  findClientRow,
  insertDevicesWithHistory,
  insertVehicles,
  listClientVehicles,
  listMirroredDevices,
  listVehicleRefs,
  markClientSynced,
  recordExternalMove,
  updateDeviceRow,
  updateVehicleRow,
  upsertClient,
  upsertDeviceSystem,
  type DeviceRow,
  type NewDevice,
  type NewVehicle,
} from './mirror.repository.ts';
import { deviceStateDiffers, vehicleDiffers } from './mirror-compare.ts';
import { pendingSubjects } from './outbox.repository.ts';

const ACTIVE_WINDOW_MS = 10 * 60_000;

/**
 * Keeps the local database a mirror of the external system: agencies at sign-in, and for agencies
 * in use their vehicles, device systems and devices (statuses every STATUS_REFRESH_MS).
 * Assignments merge three ways: the last agreed external value is the base, so a change made on
 * one side is adopted and a change made on both sides is left for the sync check to report.
 */
export class MirrorService implements FleetMirror {
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
      const id = await upsertClient(this.db, c);
      if (id !== null) ids.push(id);
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
    const client = await findClientRow(this.db, clientId);
    if (!client) return;
    const [remoteVehicles, remoteSystems, remoteDevices] = await Promise.all([
      this.provider.listVehicles(client.externalId),
      this.provider.listDeviceSystems(client.externalId),
      this.provider.listDevices(client.externalId),
    ]);
    let changed = await this.mergeVehicles(clientId, remoteVehicles);
    const systemIds = await this.mergeSystems(clientId, remoteSystems);
    changed = (await this.mergeDevices(clientId, remoteDevices, systemIds)) || changed;
    await markClientSynced(this.db, clientId, changed);
  }

  private async mergeVehicles(clientId: number, remote: ProviderVehicle[]): Promise<boolean> {
    const local = await listClientVehicles(this.db, clientId);
    const byExternal = new Map(local.filter((v) => v.externalId).map((v) => [v.externalId, v]));
    const localOnlyByLabel = new Map(
      local.filter((v) => !v.externalId).map((v) => [v.vehicleId.toLowerCase(), v]),
    );
    const pending = await pendingSubjects(this.db, clientId, 'vehicle-update');
    let changed = false;
    const fresh: NewVehicle[] = [];
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
      if (vehicleDiffers(existing, fields, rv) || !existing.externalId) {
        await updateVehicleRow(this.db, existing.id, {
          ...fields,
          externalId: rv.externalId,
          isLocal: false,
          lastSeen,
        });
        changed = true;
      }
    }
    if (fresh.length > 0) {
      await insertVehicles(this.db, fresh);
      changed = true;
    }
    return changed;
  }

  private async mergeSystems(
    clientId: number,
    remote: Awaited<ReturnType<FleetProvider['listDeviceSystems']>>,
  ): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (const s of remote) {
      const id = await upsertDeviceSystem(this.db, clientId, s);
      if (id !== null) ids.set(s.externalId, id);
    }
    return ids;
  }

  private async mergeDevices(
    clientId: number,
    remote: ProviderDevice[],
    systemIds: Map<string, number>,
  ): Promise<boolean> {
    const vehicleRows = await listVehicleRefs(this.db, clientId);
    const vehicleByExternal = new Map(vehicleRows.filter((v) => v.externalId).map((v) => [v.externalId, v]));
    const vehicleById = new Map(vehicleRows.map((v) => [v.id, v]));
    const local = await listMirroredDevices(this.db, clientId);
    const byNav = new Map(local.map((d) => [d.navigatorDeviceId, d]));
    const pending = await pendingSubjects(this.db, clientId, 'device-assignment');
    let changed = false;
    const fresh: { row: NewDevice; vehicle: { id: number; label: string } | null }[] = [];

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
      if (deviceStateDiffers(row, state)) Object.assign(update, state);

      const localVehicle = row.vehicleId === null ? null : vehicleById.get(row.vehicleId);
      const localExt =
        row.vehicleId === null ? null : (localVehicle?.externalId ?? `local:${String(row.vehicleId)}`);
      const remoteExt = rd.vehicleExternalId;
      if (localExt === remoteExt) {
        if (row.syncedVehicleExternalId !== remoteExt) update.syncedVehicleExternalId = remoteExt;
      } else if (!pending.has(`device:${String(row.id)}`) && localExt === row.syncedVehicleExternalId) {
        // Changed on the external side only: adopt it, keeping the history.
        await recordExternalMove(this.db, row.id, remoteVehicle ?? null);
        update.vehicleId = remoteVehicle?.id ?? null;
        update.syncedVehicleExternalId = remoteExt;
      }
      if (Object.keys(update).length > 0) {
        await updateDeviceRow(this.db, row.id, update);
        changed = true;
      }
    }
    if (fresh.length > 0) {
      await insertDevicesWithHistory(this.db, fresh);
      changed = true;
    }
    return changed;
  }
}
