import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { PushOutcome, PushQueue } from '../../lib/ports.ts';
import {
  ProviderRejectedError,
  type FleetProvider,
  type ProviderVehiclePatch,
} from '../../providers/fleet/fleet-provider.ts';
import { ProviderCreateDeviceInputSchema } from '../../providers/fleet/protocol.ts';
import { announceLocalChange } from '../../lib/change-feed.ts';
import { bumpRevision } from './revision.repository.ts';
import {
  claim,
  enqueue,
  findAssignmentToPush,
  findDeviceRow,
  findVehicleRow,
  findVehicleToCreate,
  listKnownDevicesOn,
  markDone,
  markFailed,
  reschedule,
  setNavigatorDeviceId,
  setSyncedVehicle,
  setVehicleExternalId,
  type OutboxRow,
} from './outbox.repository.ts';

export type { PushOutcome } from '../../lib/ports.ts';

const VehiclePushPayload = z.object({
  vehicleId: z.number().int(),
  /** Only the fields that hold a value (after the create: never clear what the platform has). */
  onlySet: z.boolean().optional(),
});

const MAX_BACKOFF_MS = 5 * 60_000;
export const backoffMs = (attempts: number) =>
  Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempts - 1));

export const deviceSubject = (id: number) => `device:${String(id)}`;
export const vehicleSubject = (id: number) => `vehicle:${String(id)}`;

class WaitError extends Error {}

/** Idempotency key of a push at the fleet system: the outbox entry and the state it carries. */
export const pushKey = (row: OutboxRow, state: string) =>
  `outbox-${String(row.id)}-${createHash('sha256').update(state).digest('hex').slice(0, 16)}`;

/** Pushes local changes to the external system; what cannot be pushed now is retried later. */
export class OutboxService implements PushQueue {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Tries the pending push of one subject now (used right after a write) and says how it went. */
  async pushNow(subject: string): Promise<PushOutcome> {
    const rows = await claim(this.db, { limit: 5, subject });
    let outcome: PushOutcome = {
      pushed: false,
      localOnly: false,
      error: rows.length === 0 ? 'Push already in progress' : null,
    };
    for (const row of rows) outcome = await this.process(row);
    return outcome;
  }

  /** Processes every due push; safe to call from several processes at once. */
  drain(): Promise<void> {
    this.running ??= (async () => {
      try {
        for (;;) {
          const rows = await claim(this.db, { limit: 20 });
          if (rows.length === 0) return;
          for (const row of rows) await this.process(row);
        }
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  start(intervalMs = 3000): void {
    this.timer ??= setInterval(() => {
      this.drain().catch((err: unknown) => this.log.error({ err }, 'outbox drain failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async process(row: OutboxRow): Promise<PushOutcome> {
    try {
      const localOnly = await this.apply(row);
      await markDone(this.db, row.id);
      return { pushed: !localOnly, localOnly, error: null };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof ProviderRejectedError) {
        await markFailed(this.db, row.id, message);
        this.log.warn(
          { outboxId: row.id, kind: row.kind, err: message },
          'push rejected by the external system',
        );
      } else {
        await reschedule(this.db, row, message, err instanceof WaitError ? 2000 : backoffMs(row.attempts));
        this.log.info(
          { outboxId: row.id, kind: row.kind, attempts: row.attempts, err: message },
          'push deferred',
        );
      }
      return { pushed: false, localOnly: false, error: message };
    }
  }

  /** Applies one push; returns true when there was nothing to send (local-only data). */
  private async apply(row: OutboxRow): Promise<boolean> {
    switch (row.kind) {
      case 'device-assignment':
        return this.pushAssignment(row);
      case 'device-create':
        return this.pushCreate(row);
      case 'vehicle-create':
        return this.pushVehicleCreate(row);
      case 'vehicle-update':
        return this.pushVehicle(row);
    }
  }

  /** Makes the external assignment equal to the device's current local one. */
  private async pushAssignment(row: OutboxRow): Promise<boolean> {
    if (row.deviceId === null) throw new ProviderRejectedError('Push has no device');
    const device = await findAssignmentToPush(this.db, row.deviceId);
    if (!device) return true;
    if (!device.navigatorDeviceId) throw new WaitError('Device is not yet in the external system');
    if (device.vehicleId !== null && !device.vehicleExternalId) return true;
    // The key names this entry and the state it sends: a repeat (lease ran out, crash) is a no-op.
    const key = pushKey(row, device.vehicleExternalId ?? 'none');
    if (device.vehicleExternalId)
      await this.provider.assignDevice(device.navigatorDeviceId, device.vehicleExternalId, key);
    else await this.provider.unassignDevice(device.navigatorDeviceId, key);
    await setSyncedVehicle(this.db, row.deviceId, device.vehicleExternalId ?? null);
    return false;
  }

  private async pushCreate(row: OutboxRow): Promise<boolean> {
    if (row.deviceId === null) throw new ProviderRejectedError('Push has no device');
    const device = await findDeviceRow(this.db, row.deviceId);
    if (!device) return true;
    if (device.navigatorDeviceId) return false;
    const input = ProviderCreateDeviceInputSchema.safeParse(row.payload);
    if (!input.success) throw new ProviderRejectedError('Push carries no valid device');
    const created = await this.provider.createDevice(input.data, pushKey(row, 'create'));
    await setNavigatorDeviceId(this.db, row.deviceId, created.externalId);
    if (device.vehicleId !== null) {
      await enqueue(this.db, {
        kind: 'device-assignment',
        subject: deviceSubject(device.id),
        clientId: device.clientId,
        deviceId: device.id,
        payload: {},
      });
    }
    return false;
  }

  /**
   * A vehicle made here, on a platform that keeps vehicles (Traccar): created there (or found
   * there by its fleet number), then it is mirrored like any other, and the assignments made to
   * it meanwhile follow it. On other platforms it stays local (§7).
   */
  private async pushVehicleCreate(row: OutboxRow): Promise<boolean> {
    const payload = VehiclePushPayload.safeParse(row.payload);
    if (!payload.success) throw new ProviderRejectedError('Push carries no vehicle');
    const vehicle = await findVehicleToCreate(this.db, payload.data.vehicleId);
    if (!vehicle || vehicle.externalId || !this.provider.createVehicle) return true;
    const created = await this.provider.createVehicle({
      clientExternalId: vehicle.clientExternalId,
      vehicleId: vehicle.vehicleId,
      description: vehicle.description,
    });
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
        });
      for (const device of await listKnownDevicesOn(tx, vehicle.id))
        await enqueue(tx, {
          kind: 'device-assignment',
          subject: deviceSubject(device.id),
          clientId: vehicle.clientId,
          deviceId: device.id,
          payload: {},
        });
      await bumpRevision(tx, vehicle.clientId);
    });
    announceLocalChange(vehicle.clientId);
    return false;
  }

  private async pushVehicle(row: OutboxRow): Promise<boolean> {
    const payload = VehiclePushPayload.safeParse(row.payload);
    if (!payload.success) throw new ProviderRejectedError('Push carries no vehicle');
    const vehicle = await findVehicleRow(this.db, payload.data.vehicleId);
    if (!vehicle?.externalId) return true;
    const full = vehiclePatchOf(vehicle);
    const patch: ProviderVehiclePatch = payload.data.onlySet ? withoutBlanks(full) : full;
    await this.provider.updateVehicle(vehicle.externalId, patch, pushKey(row, JSON.stringify(patch)));
    return false;
  }
}

/** The fields of a vehicle the platform keeps besides its name and description. */
function vehiclePatchOf(vehicle: {
  vin: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  odometer: number | null;
}) {
  const { vin, make, model, year, odometer } = vehicle;
  return { vin, make, model, year, odometer } satisfies ProviderVehiclePatch;
}

/** Only the fields that hold a value. */
function withoutBlanks(patch: ReturnType<typeof vehiclePatchOf>): ProviderVehiclePatch {
  const { vin, make, model, year, odometer } = patch;
  return {
    ...(vin === null ? {} : { vin }),
    ...(make === null ? {} : { make }),
    ...(model === null ? {} : { model }),
    ...(year === null ? {} : { year }),
    ...(odometer === null ? {} : { odometer }),
  };
}
