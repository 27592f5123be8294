import { z } from 'zod';
import { idParam, idSchema, optionalMultiLine, optionalSingleLine, singleLine } from './primitives.ts';

export const LOG_ACTIONS = {
  deviceAssignment: 'Device Assignment',
  deviceUnassignment: 'Device Unassignment',
  configTest: 'Configuration Test',
  note: 'Installation Note',
  reportExport: 'Report Export',
  reportEmail: 'Report Email',
  deviceCreated: 'Device Created',
  vehicleCreated: 'Vehicle Created',
  vehicleUpdated: 'Vehicle Updated',
} as const;

export const CreateLogInputSchema = z.object({
  vehicleId: idSchema(),
  deviceId: optionalSingleLine(100),
  action: singleLine().min(1, 'Action is required').max(100),
  details: optionalMultiLine(5000),
});

/** `GET /api/logs?vehicleId=`: the log of one vehicle, or of every visible one. */
export const LogQuerySchema = z.object({ vehicleId: idParam().optional() });

export const InstallationLogSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  vehicleId: z.number().int().nullable(),
  deviceId: z.string().nullable(),
  action: z.string(),
  details: z.string().nullable(),
  timestamp: z.string(),
});
export type InstallationLog = z.infer<typeof InstallationLogSchema>;
export const InstallationLogListSchema = z.array(InstallationLogSchema);
