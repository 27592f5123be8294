import type { z } from 'zod';
import type { SmsCommand, TabletOperation } from '@toolkit/contracts/devices.ts';
import type { Capability, PlatformCapability } from '@toolkit/contracts/platform.ts';
import type {
  ProviderAccountSchema,
  ProviderClientSchema,
  ProviderCreateDeviceInputSchema,
  ProviderDeviceSchema,
  ProviderDeviceStatusSchema,
  ProviderDeviceSystemSchema,
  ProviderSmsReplySchema,
  ProviderSoftwareVersionSchema,
  ProviderTabletReplySchema,
  ProviderUploadSchema,
  ProviderVehiclePatchSchema,
  ProviderVehicleSchema,
} from './protocol.ts';

/**
 * The external fleet-tracking system ("Navigator" in the product's field names), reached only
 * through this interface. Ids here are the external system's own (strings); the local database
 * maps them to its rows by `externalId` / `navigatorDeviceId`. The shapes are the zod schemas
 * of protocol.ts.
 */

export type ProviderAccount = z.infer<typeof ProviderAccountSchema>;
export type ProviderClient = z.infer<typeof ProviderClientSchema>;
export type ProviderVehicle = z.infer<typeof ProviderVehicleSchema>;
export type ProviderDeviceStatus = z.infer<typeof ProviderDeviceStatusSchema>;
export type ProviderDevice = z.infer<typeof ProviderDeviceSchema>;
export type ProviderDeviceSystem = z.infer<typeof ProviderDeviceSystemSchema>;
export type ProviderSoftwareVersion = z.infer<typeof ProviderSoftwareVersionSchema>;
export type ProviderCreateDeviceInput = z.infer<typeof ProviderCreateDeviceInputSchema>;
export type ProviderSmsReply = z.infer<typeof ProviderSmsReplySchema>;
export type ProviderTabletReply = z.infer<typeof ProviderTabletReplySchema>;
export type ProviderUpload = z.infer<typeof ProviderUploadSchema>;
export type ProviderVehiclePatch = z.infer<typeof ProviderVehiclePatchSchema>;
/** A vehicle made in the toolkit, for a platform that keeps vehicles of its own (Traccar's groups). */
export interface ProviderCreateVehicleInput {
  clientExternalId: string;
  vehicleId: string;
  description: string | null;
}

/** The external system could not be reached or answered with a server error: retry later. */
export class ProviderUnavailableError extends Error {
  override readonly name: string = 'ProviderUnavailableError';
}

/**
 * The external system refused the server's own credentials (a revoked or expired API token):
 * nothing works until an administrator fixes the configuration. Writes are kept and retried.
 */
export class ProviderAuthError extends ProviderUnavailableError {
  override readonly name = 'ProviderAuthError';
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

/** Told by a platform that pushes its changes (Traccar's socket) which agencies changed. */
export interface FleetChangeListener {
  /** These agencies (external ids) changed; null: all of them may have (a resync after a gap). */
  changed(clientExternalIds: readonly string[] | null): void;
}

/** What a platform lacks (absent: it has it), each with one line why. */
export type FleetCapabilities = Partial<Record<PlatformCapability, Capability>>;

export interface FleetProvider {
  /** The platform's name and what it cannot do; absent: everything (the simulator, HTTP). */
  readonly platform?: { name: string; capabilities: FleetCapabilities };
  /** Null when the credentials are wrong; throws ProviderUnavailableError when the system is down. */
  signIn(username: string, password: string): Promise<ProviderAccount | null>;
  /**
   * The account a login string names (username or e-mail, any case), as its external id, without
   * a password: the sign-in limits count against the account however it is named (decision 038).
   * Null when no account has that name, or when the platform knows one login name per account
   * (then the string is the account's only name).
   */
  accountIdOf(login: string): Promise<string | null>;
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
  /**
   * Platforms where the toolkit's vehicles live too (Traccar: a group in the agency's group);
   * absent: a vehicle made in the toolkit stays local (§7, the simulator and HTTP systems).
   * Idempotent: a vehicle of that name already in the agency is that vehicle.
   */
  createVehicle?(input: ProviderCreateVehicleInput): Promise<ProviderVehicle>;
  sendSms(deviceExternalId: string, command: SmsCommand): Promise<ProviderSmsReply>;
  tabletOperation(
    deviceExternalId: string,
    operation: TabletOperation,
    softwareVersion?: string,
  ): Promise<ProviderTabletReply>;
  upload(item: ProviderUpload): Promise<{ externalId: string }>;
  /** Platforms with live updates call the listener when agencies change (until close). */
  watch?(listener: FleetChangeListener): void;
  close?(): Promise<void>;
}
