import { z } from 'zod';
import {
  DEVICE_STATUSES,
  DEVICE_TYPES,
  SMS_COMMANDS,
  SOFTWARE_TYPES,
  TABLET_OPERATIONS,
} from '@toolkit/contracts/devices.ts';
import { PLATFORM_RESTRICTIONS, USER_ROLES } from '@toolkit/contracts/auth.ts';

/**
 * The fleet-provider protocol as zod schemas: what crosses the process boundary (the HTTP
 * provider's answers, the simulator server's requests, outbox payloads) is parsed with these
 * where it enters, so nothing downstream trusts an unchecked shape. fleet-provider.ts derives its
 * types from them.
 */

const nullableString = z.string().nullable();
const nullableInt = z.number().int().nullable();

export const ProviderAccountSchema = z.object({
  externalId: z.string(),
  username: z.string(),
  name: z.string(),
  email: nullableString,
  /** External ids of the agencies this account may see. */
  clientExternalIds: z.array(z.string()),
  /** What the account may not do on the platform (issue 32); absent: nothing is restricted. */
  platformRestrictions: z.array(z.enum(PLATFORM_RESTRICTIONS)).optional(),
  /** The account's role in the toolkit (issue 34); absent: installer. */
  role: z.enum(USER_ROLES).optional(),
});

export const ProviderClientSchema = z.object({
  externalId: z.string(),
  name: z.string(),
  fullName: z.string(),
  region: z.string(),
});

export const ProviderVehicleSchema = z.object({
  externalId: z.string(),
  clientExternalId: z.string(),
  vehicleId: z.string(),
  description: nullableString,
  route: nullableString,
  vin: nullableString,
  seatedCapacity: nullableInt,
  doors: nullableInt,
  vehicleType: nullableString,
  make: nullableString,
  model: nullableString,
  year: nullableInt,
  odometer: nullableInt,
  lastSeen: nullableString,
});

export const ProviderDeviceStatusSchema = z.enum(DEVICE_STATUSES);

export const ProviderDeviceSchema = z.object({
  externalId: z.string(),
  clientExternalId: z.string(),
  deviceId: z.string(),
  type: z.enum(DEVICE_TYPES),
  name: z.string(),
  deviceSystemExternalId: nullableString,
  deviceSystem: nullableString,
  vehicleExternalId: nullableString,
  status: ProviderDeviceStatusSchema,
  lastHeartbeat: nullableString,
  signalStrength: z.number().nullable(),
  serialNumber: nullableString,
  serialNumberESN: nullableString,
  phone: nullableString,
  simCardId: nullableString,
  imei: nullableString,
  ipAddress: nullableString,
  firmwareVersion: nullableString,
  /** Free key/value data: battery, temperature, gpsCount, clockDriftMs, lastFixAt, headsign, audio... */
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

export const ProviderDeviceSystemSchema = z.object({
  externalId: z.string(),
  name: z.string(),
  mdt: z.boolean(),
  router: z.boolean(),
  gps: z.boolean(),
  apc: z.boolean(),
});

export const SoftwareTypeSchema = z.enum(SOFTWARE_TYPES);

export const ProviderSoftwareVersionSchema = z.object({
  version: z.string(),
  filename: z.string(),
  type: SoftwareTypeSchema,
  description: nullableString,
});

export const ProviderCreateDeviceInputSchema = z.object({
  clientExternalId: z.string(),
  type: z.enum(DEVICE_TYPES),
  name: z.string(),
  deviceSystem: z.string(),
  serialNumber: nullableString,
  serialNumberESN: nullableString,
  phoneNumber: nullableString,
  simCardId: nullableString,
  imei: nullableString,
  heightToFloor: z.number().nullable(),
  heightToStreet: z.number().nullable(),
  hasStairs: z.boolean(),
});

export const SmsCommandSchema = z.enum(SMS_COMMANDS);
export const TabletOperationSchema = z.enum(TABLET_OPERATIONS);

export const ProviderSmsReplySchema = z.object({
  command: SmsCommandSchema,
  phone: z.string(),
  delivered: z.boolean(),
  reply: nullableString,
  /** Queued by the platform for a unit that is not connected (not sent yet). */
  queued: z.boolean().optional(),
  /** False when the platform never captures replies (Traccar): no reply is to be waited for. */
  repliesCaptured: z.boolean().optional(),
  sentAt: z.string(),
  repliedAt: nullableString,
});

export const ProviderTabletReplySchema = z.object({
  success: z.boolean(),
  command: z.string(),
  message: z.string(),
  response: z.string(),
});

export const ProviderUploadSchema = z.object({
  kind: z.enum(['photo', 'note']),
  vehicleExternalId: z.string(),
  deviceExternalId: nullableString,
  /** For photos: base64 JPEG data URL. For notes: the text. */
  content: z.string(),
  label: z.string(),
});

/** Only the fields a vehicle patch may carry; anything else is dropped. */
export const ProviderVehiclePatchSchema = z.object({
  vin: nullableString.optional(),
  make: nullableString.optional(),
  model: nullableString.optional(),
  year: nullableInt.optional(),
  odometer: nullableInt.optional(),
});

export const UploadResultSchema = z.object({ externalId: z.string() });

/** The answer of POST /rpc/{method}: `{ result }`, or `{ error: { message } }` with a 4xx/5xx. */
export const RpcAnswerSchema = z.object({
  result: z.unknown().optional(),
  error: z.object({ message: z.string().optional() }).optional(),
});

/** The body of POST /rpc/{method}. */
export const RpcRequestSchema = z.object({ args: z.array(z.unknown()).default([]) });
