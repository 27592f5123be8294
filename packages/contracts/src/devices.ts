import { z } from 'zod';
import { listDeltaSchema } from './list-delta.ts';
import { idSchema, optionalIdSchema, optionalSingleLine, singleLine } from './primitives.ts';

/** Device type order of §9: GPS, Tablet, Router, APC, Other. */
export const DEVICE_TYPES = ['GPS', 'Tablet', 'Router', 'APC', 'Other'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
const DeviceTypeSchema = z.enum(DEVICE_TYPES);

export const DEVICE_STATUSES = ['online', 'offline', 'warning', 'error'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

const DeviceMetadataSchema = z
  .object({
    name: z.string().optional(),
    battery: z.number().optional(),
    deviceSystem: z.string().optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));

const DeviceSchema = z.object({
  id: z.number().int(),
  deviceId: z.string(),
  navigatorDeviceId: z.string().nullable(),
  clientId: z.number().int(),
  type: DeviceTypeSchema,
  name: z.string().nullable(),
  deviceSystem: z.string().nullable(),
  deviceSystemId: z.number().int().nullable(),
  vehicleId: z.number().int().nullable(),
  /** The fleet label of the vehicle the device is on, for display. */
  vehicleLabel: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  lastHeartbeat: z.string().nullable(),
  signalStrength: z.number().int().nullable(),
  serialNumber: z.string().nullable(),
  serialNumberESN: z.string().nullable(),
  phone: z.string().nullable(),
  simCardId: z.string().nullable(),
  imei: z.string().nullable(),
  ipAddress: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  metadata: DeviceMetadataSchema,
  createdAt: z.string(),
});
export type Device = z.infer<typeof DeviceSchema>;
export const DeviceListSchema = z.array(DeviceSchema);
/** The answer to `?since=R` (decision 022). */
export const DeviceListDeltaSchema = listDeltaSchema(DeviceSchema);

export const DeviceIdParamSchema = z.object({
  deviceId: singleLine().min(1, 'Device ID is required').max(100),
});

const DeviceSystemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mdt: z.boolean(),
  router: z.boolean(),
  gps: z.boolean(),
  apc: z.boolean(),
});
export type DeviceSystem = z.infer<typeof DeviceSystemSchema>;
export const DeviceSystemListSchema = z.array(DeviceSystemSchema);

/** Keywords in a system's name that place it under a device type (§5: systems filtered by type). */
const DEVICE_SYSTEM_KEYWORDS: Readonly<Record<DeviceType, readonly string[]>> = {
  GPS: ['gps', 'calamp', 'lmu', 'avl'],
  Tablet: ['tablet', 'mdt', 'android', 'samsung', 'zebra'],
  Router: ['router', 'cradlepoint', 'sierra', 'wireless', 'modem', 'peplink'],
  APC: ['apc', 'aps', 'passenger', 'counter', 'irma'],
  Other: [],
};

/** Systems offered for a type: by flag or keyword; type Other sees the systems no other type claims. */
export function filterSystemsByType(systems: readonly DeviceSystem[], type: DeviceType): DeviceSystem[] {
  const matches = (s: DeviceSystem, t: DeviceType): boolean => {
    const name = s.name.toLowerCase();
    const flag =
      t === 'GPS' ? s.gps : t === 'Tablet' ? s.mdt : t === 'Router' ? s.router : t === 'APC' ? s.apc : false;
    return flag || DEVICE_SYSTEM_KEYWORDS[t].some((k) => name.includes(k));
  };
  if (type === 'Other')
    return systems.filter((s) => !DEVICE_TYPES.some((t) => t !== 'Other' && matches(s, t)));
  return systems.filter((s) => matches(s, type));
}

export function isCalAmpSystem(systemName: string | null | undefined): boolean {
  return (systemName ?? '').toLowerCase().includes('calamp');
}

export const DEVICE_MESSAGES = {
  deviceIdRequired: 'Device ID is required',
  typeRequired: 'Device type is required',
  systemRequired: 'Device system is required',
  nameRequired: 'Device name is required',
  requiredForType: 'Required fields missing for selected device type',
  notFound: 'Device not found',
  alreadyAdded: 'Device already added',
  inList: (id: string) => `${id} is already in the assignment list`,
  createFailed: 'Failed to create device',
  assignFailed: 'Failed to assign devices to vehicle',
  nothingToAssign: 'No vehicle selected or no devices to assign',
  /**
   * §8's assignment success line, written once for both sides; `devices` is the count with its
   * noun as each side words it ('2 devices').
   */
  assigned: (devices: string, external: boolean) =>
    external ? `${devices} successfully assigned to the external system.` : `${devices} assigned locally...`,
  invalidPhone: 'Invalid Phone Number',
  smsNotAvailable: 'SMS Not Available',
} as const;

const optionalText = optionalSingleLine(100);
const optionalHeight = z.preprocess(
  (v) => (v === '' ? null : v),
  z.coerce
    .number()
    .min(0)
    .max(1000)
    .nullish()
    .transform((v) => v ?? null),
);

/** Device create payload of §3, with the per-type rules of §5. */
export const CreateDeviceInputSchema = z
  .object({
    name: singleLine().min(1, DEVICE_MESSAGES.nameRequired).max(100),
    type: z.enum(DEVICE_TYPES, DEVICE_MESSAGES.typeRequired),
    deviceSystem: singleLine().min(1, DEVICE_MESSAGES.systemRequired).max(100),
    serialNumber: optionalText,
    serialNumberESN: optionalText,
    phoneNumber: optionalText,
    simCardId: optionalText,
    imei: optionalText,
    heightToFloor: optionalHeight,
    heightToStreet: optionalHeight,
    hasStairs: z.boolean().optional().default(false),
    clientId: idSchema(),
    vehicleId: optionalIdSchema(),
  })
  .superRefine((d, ctx) => {
    if ((d.type === 'Router' || d.type === 'APC' || d.type === 'Other') && !d.serialNumber) {
      ctx.addIssue({ code: 'custom', path: ['serialNumber'], message: DEVICE_MESSAGES.requiredForType });
    }
    if (d.type === 'APC') {
      if (d.heightToFloor === null)
        ctx.addIssue({ code: 'custom', path: ['heightToFloor'], message: DEVICE_MESSAGES.requiredForType });
      if (d.heightToStreet === null)
        ctx.addIssue({ code: 'custom', path: ['heightToStreet'], message: DEVICE_MESSAGES.requiredForType });
    }
    if (d.phoneNumber && d.phoneNumber.replace(/\D/g, '').length < 10) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: DEVICE_MESSAGES.invalidPhone });
    }
  });
export type CreateDeviceInput = z.input<typeof CreateDeviceInputSchema>;

export const CreateDeviceResponseSchema = z.object({
  message: z.string(),
  device: DeviceSchema,
  navigatorAssigned: z.boolean(),
});
export type CreateDeviceResponse = z.infer<typeof CreateDeviceResponseSchema>;

export const AssignDevicesInputSchema = z.object({
  deviceIds: z
    .array(singleLine().min(1, DEVICE_MESSAGES.deviceIdRequired).max(100))
    .min(1, DEVICE_MESSAGES.nothingToAssign)
    .max(100),
  vehicleId: idSchema(),
  clientId: idSchema(),
  /**
   * Where the installer saw each device when they chose it (its vehicle's row id, null for a
   * spare). A write sent later (offline) is refused with 409 ASSIGNMENT_CONFLICT when a device has
   * moved since, so that a change made meanwhile is shown, never overwritten. Left out: no check.
   */
  expected: z
    .array(z.object({ deviceId: singleLine().min(1).max(100), vehicleId: idSchema().nullable() }))
    .max(100)
    .optional(),
});
export type AssignDevicesInput = z.infer<typeof AssignDevicesInputSchema>;

/** The code of a 409 when a device moved after the installer chose it (see `expected`). */
export const ASSIGNMENT_CONFLICT = 'ASSIGNMENT_CONFLICT';

const AssignmentResultSchema = z.object({
  deviceId: z.string(),
  navigatorAssigned: z.boolean(),
  localAssigned: z.boolean(),
  error: z.string().nullable(),
  /** The vehicle the device was on before, when this was a reassignment. */
  previousVehicleId: z.number().int().nullable(),
});
export type AssignmentResult = z.infer<typeof AssignmentResultSchema>;

export const AssignDevicesResponseSchema = z.object({
  devices: DeviceListSchema,
  assignmentResults: z.array(AssignmentResultSchema),
  message: z.string(),
});
export type AssignDevicesResponse = z.infer<typeof AssignDevicesResponseSchema>;

export const UnassignDeviceInputSchema = z.object({
  deviceId: singleLine().min(1, DEVICE_MESSAGES.deviceIdRequired).max(100),
  clientId: idSchema(),
});
export type UnassignDeviceInput = z.infer<typeof UnassignDeviceInputSchema>;

export const UnassignDeviceResponseSchema = z.object({
  message: z.string(),
  navigatorUnassigned: z.boolean(),
  localUnassigned: z.boolean(),
  error: z.string().nullable(),
  device: DeviceSchema,
});
export type UnassignDeviceResponse = z.infer<typeof UnassignDeviceResponseSchema>;

export const StatusRefreshInputSchema = z.object({ vehicleId: idSchema() });
export const StatusRefreshResponseSchema = z.object({
  vehicleId: z.number().int(),
  connectionStatus: z.enum(['online', 'unknown', 'offline']),
  devices: DeviceListSchema,
  refreshedAt: z.string(),
});
export type StatusRefreshResponse = z.infer<typeof StatusRefreshResponseSchema>;

export const SyncStatusInputSchema = z.object({ clientId: idSchema() });
const SYNC_STATES = ['inSync', 'needsSync', 'conflict'] as const;
const SyncDeviceStatusSchema = z.object({
  deviceId: z.string(),
  state: z.enum(SYNC_STATES),
  localVehicleId: z.string().nullable(),
  navigatorVehicleId: z.string().nullable(),
  pendingPushes: z.number().int(),
  detail: z.string(),
});
export const SyncStatusResponseSchema = z.object({
  syncStatus: z.array(SyncDeviceStatusSchema),
  summary: z.object({ inSync: z.number().int(), needsSync: z.number().int(), conflicts: z.number().int() }),
  checkedAt: z.string(),
});
export type SyncStatusResponse = z.infer<typeof SyncStatusResponseSchema>;

const AssignmentHistoryEntrySchema = z.object({
  id: z.number().int(),
  deviceId: z.string(),
  vehicleId: z.number().int().nullable(),
  vehicleLabel: z.string().nullable(),
  fromAt: z.string(),
  toAt: z.string().nullable(),
  assignedBy: z.string().nullable(),
  unassignedBy: z.string().nullable(),
});
export const DeviceDetailSchema = DeviceSchema.extend({
  history: z.array(AssignmentHistoryEntrySchema),
});
export type DeviceDetail = z.infer<typeof DeviceDetailSchema>;
export type AssignmentHistoryEntry = z.infer<typeof AssignmentHistoryEntrySchema>;

// Device commands (SMS, tablet operations, software versions) live in their own file.
export * from './device-commands.ts';
