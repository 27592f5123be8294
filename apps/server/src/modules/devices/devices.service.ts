import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  DEVICE_MESSAGES,
  isSmsPhoneValid,
  type CreateDeviceInputSchema,
  type CreateDeviceResponse,
  type DeviceDetail,
  type SmsCommand,
  type SmsCommandResponse,
  type StatusRefreshResponse,
  type SyncStatusResponse,
  type TabletOperationInput,
  type TabletOperationResponse,
} from '@toolkit/contracts/devices.ts';
import { LOG_ACTIONS } from '@toolkit/contracts/logs.ts';
import { deriveVehicleStatus } from '@toolkit/contracts/vehicles.ts';
import type { z } from 'zod';
import { assertClientAccess, type AppDeps } from '../../app-deps.ts';
import {
  clients,
  deviceCommands,
  devices,
  deviceSystems,
  installationLogs,
  vehicles,
} from '../../db/schema/tables.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type ProviderCreateDeviceInput,
} from '../../providers/fleet/fleet-provider.ts';
import { countPendingByDevice } from '../sync/outbox.repository.ts';
import { deviceSubject } from '../sync/outbox.service.ts';
import { bumpRevision } from '../sync/revision.ts';
import { getVisibleVehicle } from '../vehicles/vehicles.service.ts';
import { deviceHistory, findDevice, listDevicesByVehicle, recordMove } from './devices.repository.ts';

export const PROVIDER_DOWN = 'The fleet tracking system cannot be reached. Please try again shortly.';

/** Maps a failure of the external system to an answer the installer can act on. */
export function providerError(err: unknown, fallback: string): never {
  if (err instanceof ProviderUnavailableError) throw new AppError(503, 'PROVIDER_UNAVAILABLE', PROVIDER_DOWN);
  if (err instanceof ProviderRejectedError)
    throw new AppError(400, 'PROVIDER_REJECTED', err.message || fallback);
  throw err;
}

export async function getVisibleDevice(deps: AppDeps, user: AuthUser, deviceId: string) {
  const device = await findDevice(deps.db, deviceId);
  if (!device || !user.clientIds.includes(device.clientId)) throw notFound('Device');
  return device;
}

export async function getDeviceDetail(
  deps: AppDeps,
  user: AuthUser,
  deviceId: string,
): Promise<DeviceDetail> {
  const device = await getVisibleDevice(deps, user, deviceId);
  return { ...device, history: await deviceHistory(deps.db, device.id) };
}

async function clientExternalId(deps: AppDeps, clientId: number): Promise<string> {
  const [row] = await deps.db
    .select({ externalId: clients.externalId })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!row) throw notFound('Client');
  return row.externalId;
}

export async function createDevice(
  deps: AppDeps,
  user: AuthUser,
  input: z.output<typeof CreateDeviceInputSchema>,
): Promise<CreateDeviceResponse> {
  assertClientAccess(user, input.clientId);
  const vehicle = input.vehicleId === null ? null : await getVisibleVehicle(deps, user, input.vehicleId);
  if (vehicle && vehicle.clientId !== input.clientId) throw notFound('Vehicle');
  const [system] = await deps.db
    .select({ id: deviceSystems.id })
    .from(deviceSystems)
    .where(and(eq(deviceSystems.clientId, input.clientId), eq(deviceSystems.name, input.deviceSystem)))
    .limit(1);
  const providerInput: ProviderCreateDeviceInput = {
    clientExternalId: await clientExternalId(deps, input.clientId),
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
    created = await deps.provider.createDevice(providerInput);
  } catch (err) {
    if (!(err instanceof ProviderUnavailableError)) providerError(err, DEVICE_MESSAGES.createFailed);
  }
  const deviceId =
    created?.deviceId ?? `${input.type.toUpperCase()}-L${randomBytes(4).toString('hex').toUpperCase()}`;
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

  const rowId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(devices)
      .values({
        deviceId,
        navigatorDeviceId: created?.externalId ?? null,
        clientId: input.clientId,
        type: input.type,
        name: input.name,
        deviceSystem: input.deviceSystem,
        deviceSystemId: system?.id ?? null,
        vehicleId: vehicle?.id ?? null,
        status: created?.status ?? 'offline',
        serialNumber: input.serialNumber,
        serialNumberESN: input.serialNumberESN,
        phone: input.phoneNumber,
        simCardId: input.simCardId,
        imei: input.imei,
        ipAddress: created?.ipAddress ?? null,
        metadata,
      })
      .returning({ id: devices.id });
    if (!row) throw new Error('device insert returned nothing');
    if (!created) {
      await deps.outbox.enqueue(tx, {
        kind: 'device-create',
        subject: deviceSubject(row.id),
        clientId: input.clientId,
        deviceId: row.id,
        payload: { ...providerInput },
      });
    }
    if (vehicle) {
      await recordMove(tx, {
        deviceRowId: row.id,
        to: { id: vehicle.id, label: vehicle.vehicleId },
        userId: user.id,
      });
      if (created) {
        await deps.outbox.enqueue(tx, {
          kind: 'device-assignment',
          subject: deviceSubject(row.id),
          clientId: input.clientId,
          deviceId: row.id,
          payload: {},
        });
      }
    }
    await tx.insert(installationLogs).values({
      userId: user.id,
      clientId: input.clientId,
      vehicleId: vehicle?.id ?? null,
      deviceId,
      action: LOG_ACTIONS.deviceCreated,
      details: `${input.type} ${input.name} (${input.deviceSystem})${vehicle ? ` on vehicle ${vehicle.vehicleId}` : ''}`,
    });
    await bumpRevision(tx, input.clientId);
    return row.id;
  });

  const outcome = vehicle && created ? await deps.outbox.pushNow(deviceSubject(rowId)) : null;
  const device = await findDevice(deps.db, deviceId);
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

/** Pulls the vehicle's agency from the external system now and answers the vehicle's devices. */
export async function refreshVehicleStatus(
  deps: AppDeps,
  user: AuthUser,
  vehicleId: number,
): Promise<StatusRefreshResponse> {
  const vehicle = await getVisibleVehicle(deps, user, vehicleId);
  try {
    await deps.mirror.syncFleet(vehicle.clientId);
  } catch (err) {
    providerError(err, 'Status refresh failed');
  }
  const list = await listDevicesByVehicle(deps.db, vehicleId);
  return {
    vehicleId,
    connectionStatus: deriveVehicleStatus(list),
    devices: list,
    refreshedAt: new Date().toISOString(),
  };
}

/** Compares local assignments with the external system's, device by device. */
export async function syncStatus(
  deps: AppDeps,
  user: AuthUser,
  clientId: number,
): Promise<SyncStatusResponse> {
  assertClientAccess(user, clientId);
  let remote;
  try {
    remote = await deps.provider.listDevices(await clientExternalId(deps, clientId));
  } catch (err) {
    providerError(err, 'Sync Check Failed');
  }
  const local = await deps.db
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
  const pending = await countPendingByDevice(deps.db, clientId);
  const remoteByNav = new Map(remote.map((d) => [d.externalId, d]));
  const labels = new Map(
    (
      await deps.db
        .select({ ext: vehicles.externalId, label: vehicles.vehicleId })
        .from(vehicles)
        .where(and(eq(vehicles.clientId, clientId), eq(vehicles.isLocal, false)))
    ).map((v) => [v.ext, v.label]),
  );
  const label = (ext: string | null) => (ext === null ? null : (labels.get(ext) ?? ext));
  const syncStatusList: SyncStatusResponse['syncStatus'] = [];
  const seen = new Set<string>();
  for (const d of local) {
    const pushes = pending.get(d.id) ?? 0;
    const localLabel = d.vehicleId === null ? null : d.vehicleLabel;
    const r = d.nav ? remoteByNav.get(d.nav) : undefined;
    if (d.nav) seen.add(d.nav);
    if (!d.nav || !r) {
      syncStatusList.push({
        deviceId: d.deviceId,
        state: 'needsSync',
        localVehicleId: localLabel,
        navigatorVehicleId: null,
        pendingPushes: pushes,
        detail: 'Not yet in the external system',
      });
      continue;
    }
    const localExt = d.vehicleId === null ? null : (d.vehicleExt ?? `local:${String(d.vehicleId)}`);
    const remoteLabel = label(r.vehicleExternalId);
    if (localExt === r.vehicleExternalId) {
      syncStatusList.push({
        deviceId: d.deviceId,
        state: 'inSync',
        localVehicleId: localLabel,
        navigatorVehicleId: remoteLabel,
        pendingPushes: pushes,
        detail: 'Same assignment on both sides',
      });
    } else if (d.vehicleId !== null && !d.vehicleExt) {
      syncStatusList.push({
        deviceId: d.deviceId,
        state: 'needsSync',
        localVehicleId: localLabel,
        navigatorVehicleId: remoteLabel,
        pendingPushes: pushes,
        detail: 'Assigned to a vehicle that exists only locally',
      });
    } else if (r.vehicleExternalId === d.base && pushes > 0) {
      syncStatusList.push({
        deviceId: d.deviceId,
        state: 'needsSync',
        localVehicleId: localLabel,
        navigatorVehicleId: remoteLabel,
        pendingPushes: pushes,
        detail: 'Local change waiting to be sent',
      });
    } else if (localExt === d.base) {
      syncStatusList.push({
        deviceId: d.deviceId,
        state: 'needsSync',
        localVehicleId: localLabel,
        navigatorVehicleId: remoteLabel,
        pendingPushes: pushes,
        detail: 'Changed in the external system; the next refresh takes it',
      });
    } else {
      syncStatusList.push({
        deviceId: d.deviceId,
        state: 'conflict',
        localVehicleId: localLabel,
        navigatorVehicleId: remoteLabel,
        pendingPushes: pushes,
        detail: `Assigned to ${localLabel ?? 'no vehicle'} here but to ${remoteLabel ?? 'no vehicle'} in the external system`,
      });
    }
  }
  for (const r of remote) {
    if (!seen.has(r.externalId)) {
      syncStatusList.push({
        deviceId: r.deviceId,
        state: 'needsSync',
        localVehicleId: null,
        navigatorVehicleId: label(r.vehicleExternalId),
        pendingPushes: 0,
        detail: 'In the external system, not yet here',
      });
    }
  }
  const count = (s: string) => syncStatusList.filter((x) => x.state === s).length;
  return {
    syncStatus: syncStatusList,
    summary: { inSync: count('inSync'), needsSync: count('needsSync'), conflicts: count('conflict') },
    checkedAt: new Date().toISOString(),
  };
}

async function recordCommand(
  deps: AppDeps,
  input: {
    deviceRowId: number;
    userId: number;
    kind: string;
    command: string;
    success: boolean;
    response: string | null;
  },
) {
  await deps.db.insert(deviceCommands).values({
    deviceId: input.deviceRowId,
    userId: input.userId,
    kind: input.kind,
    command: input.command,
    success: input.success,
    response: input.response,
  });
}

export async function sendSms(
  deps: AppDeps,
  user: AuthUser,
  deviceId: string,
  command: SmsCommand,
): Promise<SmsCommandResponse> {
  const device = await getVisibleDevice(deps, user, deviceId);
  if (device.type !== 'GPS' || !device.phone)
    throw badRequest(DEVICE_MESSAGES.smsNotAvailable, 'SMS_NOT_AVAILABLE');
  if (!isSmsPhoneValid(device.phone)) throw badRequest(DEVICE_MESSAGES.invalidPhone, 'INVALID_PHONE');
  if (!device.navigatorDeviceId) throw badRequest('Device is not yet in the external system', 'NOT_SYNCED');
  let reply;
  try {
    reply = await deps.provider.sendSms(device.navigatorDeviceId, command);
  } catch (err) {
    providerError(err, 'SMS failed');
  }
  await recordCommand(deps, {
    deviceRowId: device.id,
    userId: user.id,
    kind: 'sms',
    command,
    success: reply.delivered,
    response: reply.reply,
  });
  const message = !reply.delivered
    ? 'Message not delivered: the unit may be off or out of coverage'
    : reply.reply
      ? 'Reply received'
      : 'Sent; no reply yet';
  return {
    success: reply.delivered,
    message,
    command,
    phone: reply.phone,
    reply: reply.reply,
    sentAt: reply.sentAt,
    repliedAt: reply.repliedAt,
  };
}

export async function tabletOperation(
  deps: AppDeps,
  user: AuthUser,
  deviceId: string,
  input: TabletOperationInput,
): Promise<TabletOperationResponse> {
  const device = await getVisibleDevice(deps, user, deviceId);
  if (device.type !== 'Tablet') throw badRequest('Tablet operations are only for tablets', 'NOT_A_TABLET');
  if (!device.navigatorDeviceId) throw badRequest('Device is not yet in the external system', 'NOT_SYNCED');
  let reply;
  try {
    reply = await deps.provider.tabletOperation(
      device.navigatorDeviceId,
      input.operation,
      input.softwareVersion,
    );
  } catch (err) {
    providerError(err, 'Operation Failed');
  }
  await recordCommand(deps, {
    deviceRowId: device.id,
    userId: user.id,
    kind: 'tablet',
    command: reply.command,
    success: reply.success,
    response: reply.response,
  });
  return {
    success: reply.success,
    message: reply.message,
    result: { command: reply.command, message: reply.message, response: reply.response },
  };
}
