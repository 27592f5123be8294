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

/**
 * Who a write or command is made for (issue 32): the platform applies that user's own rights and
 * names them in its log. `credential` is what the platform gave the user at sign-in (Traccar: an
 * API token made for them, expiring with their toolkit session); null when none is held.
 */
export interface ProviderActor {
  /** The user's id on the platform. */
  externalId: string;
  credential: string | null;
}

/** A credential the platform made for a user at sign-in, kept server-side (encrypted) for their writes. */
export interface ProviderCredential {
  secret: string;
  /** When the platform stops taking it (ISO), or null. */
  expiresAt: string | null;
}

export interface ProviderSignInOptions {
  /** A one-time code, when the platform asked for one. */
  code?: string | undefined;
  /** When the toolkit session ends: the credential made for the user expires then too. */
  sessionExpiresAt?: Date;
}

/** What a user may reach on the platform now: agencies (external ids) and restrictions. */
export type ProviderAccess = Pick<ProviderAccount, 'clientExternalIds' | 'platformRestrictions'>;

/** Why the platform refused an account that gave the right password (issue 32, section 4). */
export type SignInRefusal = 'code-required' | 'invalid-code' | 'disabled' | 'expired';

export class ProviderSignInRefusedError extends Error {
  override readonly name = 'ProviderSignInRefusedError';
  constructor(readonly reason: SignInRefusal) {
    super(`sign-in refused: ${reason}`);
  }
}

/**
 * The platform refused the user's own credential (Traccar: 401 on their token: disabled,
 * expired, revoked): their writes cannot go until they sign in again. Not a refusal of the write.
 */
export class ProviderActorRefusedError extends Error {
  override readonly name = 'ProviderActorRefusedError';
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
  override readonly name: string = 'ProviderRejectedError';
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Which of the user's own platform rights refused a write (contracts PLATFORM_RIGHTS_CODES). */
export type PlatformRight = 'readOnly' | 'devicesReadOnly' | 'noCommands';

/** The platform refused the write under the user's own rights there: 403, never retried. */
export class ProviderRightsError extends ProviderRejectedError {
  override readonly name = 'ProviderRightsError';
  constructor(
    readonly right: PlatformRight,
    message: string,
  ) {
    super(message, 403);
  }
}

/**
 * What a platform's live stream told of one device (Traccar's socket: a `devices` or `positions`
 * message), in the provider's terms. Absent fields were not told and are kept as mirrored.
 */
export interface ProviderDeviceUpdate {
  /** The agency the device is in (external id). */
  clientExternalId: string;
  /** The device (external id). */
  externalId: string;
  status?: ProviderDeviceStatus;
  lastHeartbeat?: string | null;
  /** The vehicle it is on (external id); null: in its agency, on no vehicle. */
  vehicleExternalId?: string | null;
  /** From its latest position. */
  signalStrength?: number | null;
  /** Metadata keys from its latest position: each replaces the key held, the others are kept. */
  metadata?: ProviderDevice['metadata'];
}

/** Told by a platform that pushes its changes (Traccar's socket) what changed. */
export interface FleetChangeListener {
  /**
   * These agencies (external ids) changed in ways the stream cannot tell in full (a device or
   * group not known yet): pull them. Null: all of them may have (a resync after a gap).
   */
  changed(clientExternalIds: readonly string[] | null): void;
  /**
   * Devices changed in ways the stream tells in full (status, last heard, vehicle, latest
   * position): applied to the mirror without a pull. Absent: the platform says `changed` instead.
   */
  devicesUpdated?(updates: readonly ProviderDeviceUpdate[]): void;
  /**
   * The stream opened (true) or was cut (false). While it is open, what it tells is current and a
   * refresh only has to catch what it does not tell (edits made in the platform's own screens).
   */
  streaming?(open: boolean): void;
}

/** What a platform lacks (absent: it has it), each with one line why. */
type FleetCapabilities = Partial<Record<PlatformCapability, Capability>>;

export interface FleetProvider {
  /** The platform's name and what it cannot do; absent: everything (the simulator, HTTP). */
  readonly platform?: { name: string; capabilities: FleetCapabilities };
  /**
   * True when the platform takes a user's writes only under that user's own credential (Traccar):
   * a write without one waits for the user to sign in again. Absent: writes need no actor.
   */
  readonly actsAsUser?: boolean;
  /**
   * Null when the credentials are wrong; throws ProviderUnavailableError when the system is down,
   * ProviderSignInRefusedError when it asks for a one-time code or refuses the account.
   */
  signIn(
    username: string,
    password: string,
    options?: ProviderSignInOptions,
  ): Promise<(ProviderAccount & { credential?: ProviderCredential }) | null>;
  /**
   * The agencies (external ids) the user sees on the platform now, asked with their own
   * credential (access follows the platform: unlinked, disabled, expired). Throws
   * ProviderActorRefusedError when the credential is refused. Absent: the sign-in's list holds.
   */
  accessOf?(actor: ProviderActor): Promise<ProviderAccess>;
  /** Ends a credential made at sign-in (sign-out); best effort. */
  endCredential?(actor: ProviderActor): Promise<void>;
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
  /* Every write and command takes the actor: the user it is made for (see ProviderActor). */
  updateVehicle(
    vehicleExternalId: string,
    patch: ProviderVehiclePatch,
    idempotencyKey?: string,
    actor?: ProviderActor,
  ): Promise<void>;
  /** Idempotent: assigning a device to the vehicle it is already on succeeds. */
  assignDevice(
    deviceExternalId: string,
    vehicleExternalId: string,
    idempotencyKey?: string,
    actor?: ProviderActor,
  ): Promise<void>;
  /** Idempotent: unassigning an unassigned device succeeds. */
  unassignDevice(deviceExternalId: string, idempotencyKey?: string, actor?: ProviderActor): Promise<void>;
  createDevice(
    input: ProviderCreateDeviceInput,
    idempotencyKey?: string,
    actor?: ProviderActor,
  ): Promise<ProviderDevice>;
  /**
   * Platforms where the toolkit's vehicles live too (Traccar: a group in the agency's group);
   * absent: a vehicle made in the toolkit stays local (§7, the simulator and HTTP systems).
   * Idempotent: a vehicle of that name already in the agency is that vehicle.
   */
  createVehicle?(input: ProviderCreateVehicleInput, actor?: ProviderActor): Promise<ProviderVehicle>;
  sendSms(deviceExternalId: string, command: SmsCommand, actor?: ProviderActor): Promise<ProviderSmsReply>;
  tabletOperation(
    deviceExternalId: string,
    operation: TabletOperation,
    softwareVersion?: string,
    actor?: ProviderActor,
  ): Promise<ProviderTabletReply>;
  upload(item: ProviderUpload, actor?: ProviderActor): Promise<{ externalId: string }>;
  /** Platforms with live updates call the listener when agencies change (until close). */
  watch?(listener: FleetChangeListener): void;
  close?(): Promise<void>;
}
