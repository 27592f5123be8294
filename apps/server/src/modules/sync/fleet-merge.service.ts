import type { Db } from '../../db/client.ts';
import type {
  FleetProvider,
  ProviderDevice,
  ProviderDeviceUpdate,
  ProviderVehicle,
} from '../../providers/fleet/fleet-provider.ts';
import {
  insertDevicesWithHistory,
  insertVehicles,
  listClientVehicles,
  listMirroredDevices,
  listVehicleRefs,
  recordExternalMove,
  updateDeviceRow,
  updateVehicleRow,
  upsertDeviceSystem,
  type DeviceRow,
  type NewDevice,
  type NewVehicle,
} from './mirror.repository.ts';
import { deviceStateDiffers, keepStreamed, mergeAssignment, vehicleDiffers } from './mirror-compare.ts';
import { pendingSubjects } from './outbox.repository.ts';

/** What a live stream last told of a device of the agency (by external id), if anything. */
type Streamed = (deviceExternalId: string) => ProviderDeviceUpdate | undefined;

/**
 * Merges one pull of an agency into the local mirror. Assignments merge three ways: the last
 * agreed external value is the base, so a change made on one side is adopted and a change made on
 * both sides is left for the sync check to report.
 */
export class FleetMerge {
  constructor(private readonly db: Db) {}

  /**
   * Merges vehicles, device systems and devices; true when anything changed. `streamed` gives what
   * a live stream last told of a device since its last gap (keepStreamed): those fields are its.
   */
  async apply(
    clientId: number,
    remote: {
      vehicles: ProviderVehicle[];
      systems: Awaited<ReturnType<FleetProvider['listDeviceSystems']>>;
      devices: ProviderDevice[];
    },
    streamed?: Streamed,
  ): Promise<boolean> {
    let changed = await this.mergeVehicles(clientId, remote.vehicles);
    const systemIds = await this.mergeSystems(clientId, remote.systems);
    changed = (await this.mergeDevices(clientId, remote.devices, systemIds, streamed)) || changed;
    return changed;
  }

  private async mergeVehicles(clientId: number, remote: ProviderVehicle[]): Promise<boolean> {
    const local = await listClientVehicles(this.db, clientId);
    const byExternal = new Map(local.filter((v) => v.externalId).map((v) => [v.externalId, v]));
    const localOnlyByLabel = new Map(
      local.filter((v) => !v.externalId).map((v) => [v.vehicleId.toLowerCase(), v]),
    );
    const pending = await pendingSubjects(this.db, clientId, 'vehicle-update');
    // A vehicle made here whose create at the platform has not finished is the create's to link
    // (it takes a group of the same name as that vehicle, then sends what was set here).
    const creating = await pendingSubjects(this.db, clientId, 'vehicle-create');
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
      const subject = `vehicle:${String(existing.id)}`;
      if (pending.has(subject) || creating.has(subject)) continue;
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
    streamed: Streamed | undefined,
  ): Promise<boolean> {
    const vehicleRows = await listVehicleRefs(this.db, clientId);
    const vehicleByExternal = new Map(vehicleRows.filter((v) => v.externalId).map((v) => [v.externalId, v]));
    const vehicleById = new Map(vehicleRows.map((v) => [v.id, v]));
    const local = await listMirroredDevices(this.db, clientId);
    const byNav = new Map(local.map((d) => [d.navigatorDeviceId, d]));
    const pending = await pendingSubjects(this.db, clientId, 'device-assignment');
    let changed = false;
    const fresh: { row: NewDevice; vehicle: { id: number; label: string } | null }[] = [];

    for (const pulled of remote) {
      const row = byNav.get(pulled.externalId);
      // Asked as the merge reaches the device: an update written since is not overwritten.
      const heard = row ? streamed?.(pulled.externalId) : undefined;
      const rd = row && heard ? keepStreamed(pulled, row, heard) : pulled;
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
      if (deviceStateDiffers(row, state)) {
        // The fields the stream told are left to it (the row read above may be older than its
        // write); those it did not tell are the pull's (a position message says nothing of the
        // status: after a gap, the status that changed meanwhile comes only from this pull).
        const { status, lastHeartbeat, signalStrength, ...settled } = state;
        Object.assign(
          update,
          heard
            ? {
                ...settled,
                ...(heard.status === undefined ? { status } : {}),
                ...(heard.lastHeartbeat === undefined ? { lastHeartbeat } : {}),
                ...(heard.signalStrength === undefined ? { signalStrength } : {}),
              }
            : state,
        );
      }

      const localVehicle = row.vehicleId === null ? null : vehicleById.get(row.vehicleId);
      const localExt =
        row.vehicleId === null ? null : (localVehicle?.externalId ?? `local:${String(row.vehicleId)}`);
      const remoteExt = rd.vehicleExternalId;
      const how = mergeAssignment(
        localExt,
        remoteExt,
        row.syncedVehicleExternalId,
        pending.has(`device:${String(row.id)}`),
      );
      if (how === 'agreed') {
        if (row.syncedVehicleExternalId !== remoteExt) update.syncedVehicleExternalId = remoteExt;
      } else if (how === 'adopt') {
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
