import { z } from 'zod';

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
  vehicleId: z.number().int().positive(),
  deviceId: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  action: z.string().trim().min(1, 'Action is required').max(100),
  details: z
    .string()
    .trim()
    .max(5000)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateLogInput = z.input<typeof CreateLogInputSchema>;

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
