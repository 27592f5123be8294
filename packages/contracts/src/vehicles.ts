import { z } from 'zod';
import { listDeltaSchema } from './list-delta.ts';
import { idSchema, optionalMultiLine, optionalSingleLine, singleLine } from './primitives.ts';
import { ODOMETER_MAX, YEAR_MAX_AHEAD, YEAR_MIN } from './constants.ts';
import { VinSchema } from './vin.ts';

export const VEHICLE_STATUSES = ['online', 'unknown', 'offline'] as const;
export type VehicleConnectionStatus = (typeof VEHICLE_STATUSES)[number];
/** Sort order of §4: online, unknown, offline. */
export const VEHICLE_STATUS_ORDER: Readonly<Record<VehicleConnectionStatus, number>> = {
  online: 0,
  unknown: 1,
  offline: 2,
};

export const VehicleSchema = z.object({
  id: z.number().int(),
  vehicleId: z.string(),
  clientId: z.number().int(),
  description: z.string().nullable(),
  route: z.string().nullable(),
  status: z.string(),
  lastSeen: z.string().nullable(),
  vin: z.string().nullable(),
  seatedCapacity: z.number().int().nullable(),
  doors: z.number().int().nullable(),
  vehicleType: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  odometer: z.number().int().nullable(),
  createdAt: z.string(),
  /** Derived from the vehicle's devices (§4), type Other ignored. */
  connectionStatus: z.enum(VEHICLE_STATUSES),
  deviceCount: z.number().int(),
  /** True for vehicles created here, which stay out of the external system (§8). */
  isLocal: z.boolean(),
});
export type Vehicle = z.infer<typeof VehicleSchema>;
export const VehicleListSchema = z.array(VehicleSchema);
/** The answer to `?since=R` (decision 022). */
export const VehicleListDeltaSchema = listDeltaSchema(VehicleSchema);

export const VEHICLE_MESSAGES = {
  idRequired: 'Vehicle ID required',
  idRequiredHint: 'Please enter a vehicle ID',
  duplicate: (vehicleId: string) => `Vehicle ${vehicleId} already exists`,
  year: 'Year must be between 1900 and next year',
  odometer: 'Odometer must be between 0 and 9,999,999 miles',
  createFailed: 'Failed to create vehicle',
  updateFailed: 'Update Failed - Failed to update vehicle information. Please try again.',
} as const;

export const CreateVehicleInputSchema = z.object({
  vehicleId: singleLine().min(1, VEHICLE_MESSAGES.idRequired).max(50),
  description: optionalMultiLine(500),
  clientId: idSchema(),
  route: optionalSingleLine(100),
  status: singleLine().max(30).optional().default('active'),
});
export type CreateVehicleInput = z.input<typeof CreateVehicleInputSchema>;

function maxVehicleYear(now: Date = new Date()): number {
  return now.getFullYear() + YEAR_MAX_AHEAD;
}

/** Blank strings become null (§5: blanks saved as null). */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = z.preprocess(blankToNull, singleLine().max(100).nullable().optional());

export const UpdateVehicleInputSchema = z.object({
  vin: z.preprocess(blankToNull, VinSchema.nullable().optional()),
  make: optionalText,
  model: optionalText,
  year: z.preprocess(
    blankToNull,
    z.coerce
      .number({ message: VEHICLE_MESSAGES.year })
      .int(VEHICLE_MESSAGES.year)
      .min(YEAR_MIN, VEHICLE_MESSAGES.year)
      .refine((y) => y <= maxVehicleYear(), VEHICLE_MESSAGES.year)
      .nullable()
      .optional(),
  ),
  odometer: z.preprocess(
    blankToNull,
    z.coerce
      .number({ message: VEHICLE_MESSAGES.odometer })
      .int(VEHICLE_MESSAGES.odometer)
      .min(0, VEHICLE_MESSAGES.odometer)
      .max(ODOMETER_MAX, VEHICLE_MESSAGES.odometer)
      .nullable()
      .optional(),
  ),
});

export const UpdateVehicleResponseSchema = VehicleSchema.extend({
  syncedToNavigator: z.boolean(),
});
export type UpdateVehicleResponse = z.infer<typeof UpdateVehicleResponseSchema>;

/** Vehicle status derived from its devices (§4): type Other ignored. */
export function deriveVehicleStatus(
  devices: ReadonlyArray<{ type: string; status: string }>,
): VehicleConnectionStatus {
  const reporting = devices.filter((d) => d.type !== 'Other');
  const online = reporting.filter((d) => d.status === 'online').length;
  if (reporting.length === 0 || online === 0) return 'offline';
  return online === reporting.length ? 'online' : 'unknown';
}
