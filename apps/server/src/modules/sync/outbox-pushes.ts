import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { announceLocalChange } from '../../lib/change-feed.ts';
import {
  ProviderRejectedError,
  type FleetProvider,
  type ProviderActor,
  type ProviderVehiclePatch,
} from '../../providers/fleet/fleet-provider.ts';
import { ProviderCreateDeviceInputSchema } from '../../providers/fleet/protocol.ts';
import {
  enqueue,
  findAssignmentToPush,
  findDeviceRow,
  findVehicleToCreate,
  listKnownDevicesOn,
  setNavigatorDeviceId,
  setSyncedVehicle,
  setVehicleExternalId,
  type ClaimedRow,
  type OutboxRow,
} from './outbox.repository.ts';
import {
  deviceSubject,
  pushKey,
  vehicleHolds,
  vehiclePatchOf,
  vehicleSubject,
  withoutBlanks,
} from './push-content.ts';
import { bumpRevision } from './revision.repository.ts';

const VehiclePushPayload = z.object({
  vehicleId: z.number().int(),
  /** Only the fields that hold a value (after the create: never clear what the platform has). */
  onlySet: z.boolean().optional(),
});

/** The push cannot go yet (what it needs is not at the platform yet): tried again shortly. */
export class WaitError extends Error {}

/** What each kind of push sends to the fleet platform (the outbox service leases and retries them). */
export class PlatformPushes {
  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
  ) {}

  /**
   * Applies one push; returns true when there was nothing to send (local-only data). A push whose
   * earlier try may have landed (`interrupted`) checks the platform's state first; the check of
   * each kind is named where it is made.
   */
  apply(row: ClaimedRow, actor: ProviderActor | undefined): Promise<boolean> {
    switch (row.kind) {
      case 'device-assignment':
        return this.pushAssignment(row, actor);
      case 'device-create':
        return this.pushCreate(row, actor);
      case 'vehicle-create':
        return this.pushVehicleCreate(row, actor);
      case 'vehicle-update':
        return this.pushVehicle(row, actor);
    }
  }

  /** Makes the external assignment equal to the device's current local one. */
  private async pushAssignment(row: ClaimedRow, actor: ProviderActor | undefined): Promise<boolean> {
    if (row.deviceId === null) throw new ProviderRejectedError('Push has no device');
    const device = await findAssignmentToPush(this.db, row.deviceId);
    if (!device) return true;
    const externalId = device.navigatorDeviceId;
    if (!externalId) throw new WaitError('Device is not yet in the external system');
    if (device.vehicleId !== null && !device.vehicleExternalId) return true;
    const target = device.vehicleExternalId ?? null;
    // The check: `getDevice`, the device as the platform has it; already there, nothing is written.
    // (On Traccar assign and unassign also GET the device and skip the PUT when it is there.)
    const there = row.interrupted ? await this.provider.getDevice(externalId) : null;
    if (!there || there.vehicleExternalId !== target) {
      const { createdAt, latestMove } = device;
      const key = pushKey(row.kind, row.subject, [createdAt, latestMove, externalId, target]);
      if (target) await this.provider.assignDevice(externalId, target, key, actor);
      else await this.provider.unassignDevice(externalId, key, actor);
    }
    await setSyncedVehicle(this.db, row.deviceId, target);
    return false;
  }

  private async pushCreate(row: ClaimedRow, actor: ProviderActor | undefined): Promise<boolean> {
    if (row.deviceId === null) throw new ProviderRejectedError('Push has no device');
    const device = await findDeviceRow(this.db, row.deviceId);
    if (!device) return true;
    if (device.navigatorDeviceId) return false;
    const input = ProviderCreateDeviceInputSchema.safeParse(row.payload);
    if (!input.success) throw new ProviderRejectedError('Push carries no valid device');
    // The check is the create itself: under the key of its first try the simulator and the HTTP
    // system answer the device made then; Traccar's createDevice finds it by its uniqueId.
    const key = pushKey(row.kind, row.subject, [device.createdAt, input.data]);
    const created = await this.provider.createDevice(input.data, key, actor);
    // Its id and the push of its assignment together: a crash leaves both or neither. The id is in
    // the device's answers (the lists, its bus's devices): the agency's revision moves with it.
    await this.db.transaction(async (tx) => {
      await setNavigatorDeviceId(tx, device.id, created.externalId);
      if (device.vehicleId !== null)
        await enqueue(tx, {
          kind: 'device-assignment',
          subject: deviceSubject(device.id),
          clientId: device.clientId,
          deviceId: device.id,
          payload: {},
          actorUserId: row.actorUserId,
        });
      await bumpRevision(tx, device.clientId);
    });
    announceLocalChange(device.clientId);
    return false;
  }

  /**
   * A vehicle made here, on a platform that keeps vehicles (Traccar): created there (or found
   * there by its fleet number), then it is mirrored like any other, and the assignments made to
   * it meanwhile follow it. On other platforms it stays local (§7).
   */
  private async pushVehicleCreate(row: OutboxRow, actor: ProviderActor | undefined): Promise<boolean> {
    const payload = VehiclePushPayload.safeParse(row.payload);
    if (!payload.success) throw new ProviderRejectedError('Push carries no vehicle');
    const vehicle = await findVehicleToCreate(this.db, payload.data.vehicleId);
    if (!vehicle || vehicle.externalId || !this.provider.createVehicle) return true;
    // The check is the create itself: createVehicle takes a vehicle of that name already in the
    // agency for this one (Traccar: the group made by a try cut before its answer was recorded).
    const created = await this.provider.createVehicle(
      {
        clientExternalId: vehicle.clientExternalId,
        vehicleId: vehicle.vehicleId,
        description: vehicle.description,
      },
      actor,
    );
    await this.db.transaction(async (tx) => {
      await setVehicleExternalId(tx, vehicle.id, created.externalId);
      // What was set here before it existed there (VIN, make… in Vehicle Info, maybe without
      // signal) follows it; pending, it also keeps the mirror from putting the platform's blanks back.
      // Read after the update above, under its row lock: an edit that committed while the platform
      // created it is seen here; a later one sees the vehicle no longer local and pushes itself.
      const now = await findVehicleToCreate(tx, vehicle.id);
      if (now && Object.values(vehiclePatchOf(now)).some((value) => value !== null))
        await enqueue(tx, {
          kind: 'vehicle-update',
          subject: vehicleSubject(vehicle.id),
          clientId: vehicle.clientId,
          deviceId: null,
          payload: { vehicleId: vehicle.id, onlySet: true },
          actorUserId: row.actorUserId,
        });
      for (const device of await listKnownDevicesOn(tx, vehicle.id))
        await enqueue(tx, {
          kind: 'device-assignment',
          subject: deviceSubject(device.id),
          clientId: vehicle.clientId,
          deviceId: device.id,
          payload: {},
          actorUserId: row.actorUserId,
        });
      await bumpRevision(tx, vehicle.clientId);
    });
    announceLocalChange(vehicle.clientId);
    return false;
  }

  private async pushVehicle(row: ClaimedRow, actor: ProviderActor | undefined): Promise<boolean> {
    const payload = VehiclePushPayload.safeParse(row.payload);
    if (!payload.success) throw new ProviderRejectedError('Push carries no vehicle');
    const vehicle = await findVehicleToCreate(this.db, payload.data.vehicleId);
    const externalId = vehicle?.externalId;
    if (!vehicle || !externalId) return true;
    const full = vehiclePatchOf(vehicle);
    const patch: ProviderVehiclePatch = payload.data.onlySet ? withoutBlanks(full) : full;
    if (row.interrupted) {
      // The check: `listVehicles`, the agency's vehicles as the platform has them; this one
      // already holding every field, nothing is written.
      const there = await this.provider.listVehicles(vehicle.clientExternalId);
      const current = there.find((v) => v.externalId === externalId);
      if (current && vehicleHolds(current, patch)) return false;
    }
    const key = pushKey(row.kind, row.subject, [vehicle.updatedAt, externalId, patch]);
    await this.provider.updateVehicle(externalId, patch, key, actor);
    return false;
  }
}
