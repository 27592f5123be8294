import { z } from 'zod';
import { multiLine, singleLine } from './primitives.ts';

export const ClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fullName: z.string().nullable(),
  region: z.string().nullable(),
  vehicleCount: z.number().int(),
  deviceCount: z.number().int(),
  onlineDeviceCount: z.number().int(),
  createdAt: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;
export const ClientListSchema = z.array(ClientSchema);

/** Access request (simulated on the client, §6). */
export const AccessRequestInputSchema = z.object({
  clientName: singleLine().min(1, 'Client name is required').max(200),
  reason: multiLine()
    .min(10, 'Please provide at least 10 characters explaining why you need access')
    .max(2000),
});
export type AccessRequestInput = z.infer<typeof AccessRequestInputSchema>;

export const FleetOverviewSchema = z.object({
  clientId: z.number().int(),
  totalVehicles: z.number().int(),
  totalDevices: z.number().int(),
  onlineDevices: z.number().int(),
  vehicleStatus: z.object({ online: z.number().int(), unknown: z.number().int(), offline: z.number().int() }),
  deviceTypes: z.object({
    GPS: z.number().int(),
    Tablet: z.number().int(),
    Router: z.number().int(),
    APC: z.number().int(),
    Other: z.number().int(),
  }),
  lastSyncedAt: z.string().nullable(),
});
export type FleetOverview = z.infer<typeof FleetOverviewSchema>;
