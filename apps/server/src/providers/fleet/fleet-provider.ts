import type { DeviceType, SmsCommand, TabletOperation } from '@toolkit/contracts/devices.ts';

/**
 * The external fleet-tracking system ("Navigator" in the product's field names), reached only
 * through this interface. Ids here are the external system's own (strings); the local database
 * maps them to its rows by `externalId` / `navigatorDeviceId`.
 */

export interface ProviderAccount {
  externalId: string;
  username: string;
  name: string;
  email: string | null;
  /** External ids of the agencies this account may see. */
  clientExternalIds: string[];
}

export interface ProviderClient {
  externalId: string;
  name: string;
  fullName: string;
  region: string;
}

export interface ProviderVehicle {
  externalId: string;
  clientExternalId: string;
  vehicleId: string;
  description: string | null;
  route: string | null;
  vin: string | null;
  seatedCapacity: number | null;
  doors: number | null;
  vehicleType: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  odometer: number | null;
  lastSeen: string | null;
}

export type ProviderDeviceStatus = 'online' | 'offline' | 'warning' | 'error';

export interface ProviderDevice {
  externalId: string;
  clientExternalId: string;
  deviceId: string;
  type: DeviceType;
  name: string;
  deviceSystemExternalId: string | null;
  deviceSystem: string | null;
  vehicleExternalId: string | null;
  status: ProviderDeviceStatus;
  lastHeartbeat: string | null;
  signalStrength: number | null;
  serialNumber: string | null;
  serialNumberESN: string | null;
  phone: string | null;
  simCardId: string | null;
  imei: string | null;
  ipAddress: string | null;
  firmwareVersion: string | null;
  /** Free key/value data: battery, temperature, gpsCount, clockDriftMs, lastFixAt, headsign, audio... */
  metadata: Record<string, string | number | boolean | null>;
}

export interface ProviderDeviceSystem {
  externalId: string;
  name: string;
  mdt: boolean;
  router: boolean;
  gps: boolean;
  apc: boolean;
}

export interface ProviderSoftwareVersion {
  version: string;
  filename: string;
  type: 'production' | 'addon';
  description: string | null;
}

export interface ProviderCreateDeviceInput {
  clientExternalId: string;
  type: DeviceType;
  name: string;
  deviceSystem: string;
  serialNumber: string | null;
  serialNumberESN: string | null;
  phoneNumber: string | null;
  simCardId: string | null;
  imei: string | null;
  heightToFloor: number | null;
  heightToStreet: number | null;
  hasStairs: boolean;
}

export interface ProviderSmsReply {
  command: SmsCommand;
  phone: string;
  delivered: boolean;
  reply: string | null;
  sentAt: string;
  repliedAt: string | null;
}

export interface ProviderTabletReply {
  success: boolean;
  command: string;
  message: string;
  response: string;
}

export interface ProviderUpload {
  kind: 'photo' | 'note';
  vehicleExternalId: string;
  deviceExternalId: string | null;
  /** For photos: base64 JPEG data URL. For notes: the text. */
  content: string;
  label: string;
}

export interface ProviderVehiclePatch {
  vin?: string | null;
  make?: string | null;
  model?: string | null;
  year?: number | null;
  odometer?: number | null;
}

/** The external system could not be reached or answered with a server error: retry later. */
export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';
}

/** The external system refused the request (bad id, not allowed...): do not retry. */
export class ProviderRejectedError extends Error {
  override readonly name = 'ProviderRejectedError';
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export interface FleetProvider {
  /** Null when the credentials are wrong; throws ProviderUnavailableError when the system is down. */
  signIn(username: string, password: string): Promise<ProviderAccount | null>;
  listClients(clientExternalIds: readonly string[]): Promise<ProviderClient[]>;
  listVehicles(clientExternalId: string): Promise<ProviderVehicle[]>;
  listDevices(clientExternalId: string): Promise<ProviderDevice[]>;
  getDevice(deviceExternalId: string): Promise<ProviderDevice | null>;
  listDeviceSystems(clientExternalId: string): Promise<ProviderDeviceSystem[]>;
  listSoftwareVersions(type: 'production' | 'addon'): Promise<ProviderSoftwareVersion[]>;
  /*
   * Writes take an optional idempotency key (the outbox entry's): the fleet system applies a
   * key once and answers a repeat with the first result, so a push repeated after a crash or an
   * expired lease has no second effect.
   */
  updateVehicle(
    vehicleExternalId: string,
    patch: ProviderVehiclePatch,
    idempotencyKey?: string,
  ): Promise<void>;
  /** Idempotent: assigning a device to the vehicle it is already on succeeds. */
  assignDevice(deviceExternalId: string, vehicleExternalId: string, idempotencyKey?: string): Promise<void>;
  /** Idempotent: unassigning an unassigned device succeeds. */
  unassignDevice(deviceExternalId: string, idempotencyKey?: string): Promise<void>;
  createDevice(input: ProviderCreateDeviceInput, idempotencyKey?: string): Promise<ProviderDevice>;
  sendSms(deviceExternalId: string, command: SmsCommand): Promise<ProviderSmsReply>;
  tabletOperation(
    deviceExternalId: string,
    operation: TabletOperation,
    softwareVersion?: string,
  ): Promise<ProviderTabletReply>;
  upload(item: ProviderUpload): Promise<{ externalId: string }>;
  close?(): Promise<void>;
}
