import { randomBytes } from 'node:crypto';
import {
  DEVICE_MESSAGES,
  type CreateDeviceInputSchema,
  type CreateDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import type { z } from 'zod';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { PlatformActors, PushQueue } from '../../lib/ports.ts';
import { DEVICE_WRITE, actorFor, requirePlatformRight } from '../../lib/platform-rights.ts';
import { providerError } from '../../lib/provider-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import {
  ProviderUnavailableError,
  type FleetProvider,
  type ProviderCreateDeviceInput,
} from '../../providers/fleet/fleet-provider.ts';
import { installShipmentUnit } from '../shipments/unit-install.ts';
import { writeLocally } from '../sync/local-write.repository.ts';
import { deviceSubject } from '../sync/outbox.service.ts';
import { visibleVehicle } from '../vehicles/vehicles.service.ts';
import {
  findClientExternalId,
  findDevice,
  findDeviceSystemId,
  insertDevice,
  recordMove,
} from './devices.repository.ts';

type CreateInput = z.output<typeof CreateDeviceInputSchema>;

/**
 * Creates a device in the external system when it answers, else locally with a pending push
 * (decision 004); an optional vehicle is assigned in the same local write.
 */
export class DeviceCreationService {
  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
    private readonly outbox: PushQueue,
    private readonly actors: PlatformActors,
  ) {}

  async create(user: AuthUser, input: CreateInput): Promise<CreateDeviceResponse> {
    assertClientAccess(user, input.clientId);
    requirePlatformRight(user, ...DEVICE_WRITE);
    const actor = await actorFor(this.provider, this.actors, user);
    const vehicle = input.vehicleId === null ? null : await visibleVehicle(this.db, user, input.vehicleId);
    if (vehicle && vehicle.clientId !== input.clientId) throw notFound('Vehicle');
    const systemId = await findDeviceSystemId(this.db, input.clientId, input.deviceSystem);
    const clientExternalId = await findClientExternalId(this.db, input.clientId);
    if (clientExternalId === null) throw notFound('Client');
    const providerInput: ProviderCreateDeviceInput = {
      clientExternalId,
      type: input.type,
      name: input.name,
      deviceSystem: input.deviceSystem,
      serialNumber: input.serialNumber,
      serialNumberESN: input.serialNumberESN,
      phoneNumber: input.phoneNumber,
      simCardId: input.simCardId,
      imei: input.imei,
      heightToFloor: input.heightToFloor,
      heightToStreet: input.heightToStreet,
      hasStairs: input.hasStairs,
    };
    let created = null;
    try {
      created = await this.provider.createDevice(providerInput, undefined, actor);
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) providerError(err, DEVICE_MESSAGES.createFailed);
    }
    const deviceId =
      created?.deviceId ?? `${input.type.toUpperCase()}-L${randomBytes(4).toString('hex').toUpperCase()}`;

    const rowId = await writeLocally(this.db, async (tx) => {
      const id = await insertDevice(tx, {
        deviceId,
        navigatorDeviceId: created?.externalId ?? null,
        clientId: input.clientId,
        type: input.type,
        name: input.name,
        deviceSystem: input.deviceSystem,
        deviceSystemId: systemId,
        vehicleId: vehicle?.id ?? null,
        status: created?.status ?? 'offline',
        serialNumber: input.serialNumber,
        serialNumberESN: input.serialNumberESN,
        phone: input.phoneNumber,
        simCardId: input.simCardId,
        imei: input.imei,
        ipAddress: created?.ipAddress ?? null,
        metadata: metadataOf(input),
      });
      if (vehicle) {
        await recordMove(tx, {
          deviceRowId: id,
          to: { id: vehicle.id, label: vehicle.vehicleId },
          userId: user.id,
        });
        // Created from a shipment unit in stock (its IMEI or serial): the unit is installed on this bus.
        await installShipmentUnit(tx, {
          clientId: input.clientId,
          userId: user.id,
          device: { deviceId, imei: input.imei, serialNumber: input.serialNumber },
          vehicleId: vehicle.id,
        });
      }
      const subject = deviceSubject(id);
      // Not in the external system yet: push the creation (its assignment follows it). Created
      // there and given a vehicle: push the assignment.
      const push = !created
        ? { kind: 'device-create' as const, subject, deviceId: id, payload: { ...providerInput } }
        : vehicle
          ? { kind: 'device-assignment' as const, subject, deviceId: id, payload: {} }
          : null;
      return {
        result: id,
        change: {
          clientId: input.clientId,
          log: {
            userId: user.id,
            vehicleId: vehicle?.id ?? null,
            deviceId,
            action: LOG_ACTIONS.deviceCreated,
            details: `${input.type} ${input.name} (${input.deviceSystem})${vehicle ? ` on vehicle ${vehicle.vehicleId}` : ''}`,
          },
          push,
        },
      };
    });

    const outcome = vehicle && created ? await this.outbox.pushNow(deviceSubject(rowId)) : null;
    const device = await findDevice(this.db, deviceId);
    if (!device) throw notFound('Device');
    const message = !created
      ? 'Device created locally; it will be added to the external system when it can be reached'
      : vehicle
        ? outcome?.pushed
          ? `Device created and assigned to vehicle ${vehicle.vehicleId} in the external system`
          : `Device created; assignment to vehicle ${vehicle.vehicleId} saved locally`
        : 'Device created';
    return { message, device, navigatorAssigned: outcome?.pushed ?? false };
  }
}

/** The free key/value data kept with a device: its name and system, and an APC's mounting. */
function metadataOf(input: CreateInput): Record<string, string | number | boolean | null> {
  const metadata: Record<string, string | number | boolean | null> = {
    name: input.name,
    deviceSystem: input.deviceSystem,
  };
  if (input.type === 'APC')
    Object.assign(metadata, {
      heightToFloor: input.heightToFloor,
      heightToStreet: input.heightToStreet,
      hasStairs: input.hasStairs,
    });
  return metadata;
}
