import {
  DEVICE_MESSAGES,
  isSmsPhoneValid,
  type Device,
  type DeviceDetail,
  type DeviceSystem,
  type SmsCommand,
  type SmsCommandResponse,
  type StatusRefreshResponse,
  type TabletOperationInput,
  type TabletOperationResponse,
} from '@toolkit/contracts/devices.ts';
import { deriveVehicleStatus } from '@toolkit/contracts/vehicles.ts';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { FleetMirror, PlatformActors, PushQueue } from '../../lib/ports.ts';
import { actorFor, requirePlatformRight } from '../../lib/platform-rights.ts';
import { jsonArrayOfPages, type JsonBody } from '../../lib/revision-cache.ts';
import { providerError, requireCapability } from '../../lib/provider-error.ts';
import type { AuthUser } from '../../lib/types.ts';
import type { FleetProvider, ProviderSoftwareVersion } from '../../providers/fleet/fleet-provider.ts';
import { getDeltaWindow, getRevision, removedSince } from '../sync/revision.repository.ts';
import { visibleVehicle } from '../vehicles/vehicles.service.ts';
import {
  deviceHistory,
  findDevice,
  insertDeviceCommand,
  listDevicesByClients,
  listDevicesByVehicle,
  listDevicesChangedSince,
  listDeviceSystems,
  pagesOfClientDevices,
} from './devices.repository.ts';

/** Devices: lists, detail, status refresh, SMS and tablet commands, the agency's sync. */
export class DevicesService {
  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
    private readonly mirror: FleetMirror,
    private readonly outbox: PushQueue,
    private readonly actors: PlatformActors,
  ) {}

  listForUser(user: AuthUser): Promise<Device[]> {
    return listDevicesByClients(this.db, user.clientIds);
  }

  /** The agency's device list serialised a page at a time (the list cache's body). */
  listBodyByClient(clientId: number): Promise<JsonBody> {
    return jsonArrayOfPages(pagesOfClientDevices(this.db, clientId));
  }

  /** The agency's revision: the list cache's key. */
  revision(clientId: number): Promise<number | null> {
    return getRevision(this.db, clientId);
  }

  /** The agency's revision and the oldest revision a delta can start from (decision 022). */
  deltaWindow(clientId: number): Promise<{ revision: number; floor: number } | null> {
    return getDeltaWindow(this.db, clientId);
  }

  /** What changed in the agency's device list after revision `since`. */
  async changedSince(clientId: number, since: number): Promise<{ upserts: Device[]; removed: number[] }> {
    const removed = await removedSince(this.db, clientId, 'device', since);
    return { upserts: await listDevicesChangedSince(this.db, clientId, since), removed };
  }

  /** A bus's devices; the caller checked the bus is the user's (a bus's read, decision 051). */
  onVehicle(vehicleId: number): Promise<Device[]> {
    return listDevicesByVehicle(this.db, vehicleId);
  }

  async getVisible(user: AuthUser, deviceId: string): Promise<Device> {
    const device = await findDevice(this.db, deviceId);
    if (!device || !user.clientIds.includes(device.clientId)) throw notFound('Device');
    return device;
  }

  async detail(user: AuthUser, deviceId: string): Promise<DeviceDetail> {
    const device = await this.getVisible(user, deviceId);
    return { ...device, history: await deviceHistory(this.db, device.id) };
  }

  /** Pulls the vehicle's agency from the external system now and answers the vehicle's devices. */
  async refreshVehicleStatus(user: AuthUser, vehicleId: number): Promise<StatusRefreshResponse> {
    const vehicle = await visibleVehicle(this.db, user, vehicleId);
    try {
      await this.mirror.syncFleet(vehicle.clientId);
    } catch (err) {
      providerError(err, 'Status refresh failed');
    }
    const list = await listDevicesByVehicle(this.db, vehicleId);
    return {
      vehicleId,
      connectionStatus: deriveVehicleStatus(list),
      devices: list,
      refreshedAt: new Date().toISOString(),
    };
  }

  /** Sends the pending pushes, then pulls the agency from the external system. */
  async syncNow(user: AuthUser, clientId: number): Promise<{ message: string; syncedAt: string }> {
    assertClientAccess(user, clientId);
    try {
      await this.outbox.drain();
      await this.mirror.syncFleet(clientId);
    } catch (err) {
      providerError(err, 'Sync failed');
    }
    return { message: 'Synchronised with the external system', syncedAt: new Date().toISOString() };
  }

  async sendSms(user: AuthUser, deviceId: string, command: SmsCommand): Promise<SmsCommandResponse> {
    const device = await this.getVisible(user, deviceId);
    if (device.type !== 'GPS' || !device.phone)
      throw badRequest(DEVICE_MESSAGES.smsNotAvailable, 'SMS_NOT_AVAILABLE');
    if (!isSmsPhoneValid(device.phone)) throw badRequest(DEVICE_MESSAGES.invalidPhone, 'INVALID_PHONE');
    if (!device.navigatorDeviceId) throw badRequest('Device is not yet in the external system', 'NOT_SYNCED');
    requirePlatformRight(user, 'noCommands');
    const actor = await actorFor(this.provider, this.actors, user);
    let reply;
    try {
      reply = await this.provider.sendSms(device.navigatorDeviceId, command, actor);
    } catch (err) {
      providerError(err, 'SMS failed');
    }
    await insertDeviceCommand(this.db, {
      deviceId: device.id,
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
        : smsSentMessage(reply);
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

  async tabletOperation(
    user: AuthUser,
    deviceId: string,
    input: TabletOperationInput,
  ): Promise<TabletOperationResponse> {
    const device = await this.getVisible(user, deviceId);
    if (device.type !== 'Tablet') throw badRequest('Tablet operations are only for tablets', 'NOT_A_TABLET');
    requireCapability(this.provider, 'tabletOperations');
    if (!device.navigatorDeviceId) throw badRequest('Device is not yet in the external system', 'NOT_SYNCED');
    requirePlatformRight(user, 'noCommands');
    const actor = await actorFor(this.provider, this.actors, user);
    let reply;
    try {
      reply = await this.provider.tabletOperation(
        device.navigatorDeviceId,
        input.operation,
        input.softwareVersion,
        actor,
      );
    } catch (err) {
      providerError(err, 'Operation Failed');
    }
    await insertDeviceCommand(this.db, {
      deviceId: device.id,
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

  deviceSystems(user: AuthUser, clientId: number): Promise<DeviceSystem[]> {
    assertClientAccess(user, clientId);
    return listDeviceSystems(this.db, clientId);
  }

  async softwareVersions(type: ProviderSoftwareVersion['type']): Promise<ProviderSoftwareVersion[]> {
    try {
      return await this.provider.listSoftwareVersions(type);
    } catch (err) {
      return providerError(err, `Failed to fetch ${type} software versions`);
    }
  }
}

/** A sent SMS without a reply: queued, sent to a platform that captures none, or awaiting one. */
function smsSentMessage(reply: {
  queued?: boolean | undefined;
  repliesCaptured?: boolean | undefined;
}): string {
  if (reply.queued) return 'Queued by the fleet platform: sent when the unit connects';
  if (reply.repliesCaptured === false) return 'Sent to the unit; the fleet platform does not capture replies';
  return 'Sent; no reply yet';
}
