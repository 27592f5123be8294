import { z } from 'zod';

/**
 * What the fleet platform the server is connected to can do (issue 26): an action it lacks is
 * shown as not available with this platform, with one line why, never as a failure.
 */
const CapabilitySchema = z.object({
  available: z.boolean(),
  /** One line saying why, when not available. */
  reason: z.string().nullable(),
});

export const PLATFORM_CAPABILITIES = [
  'tabletOperations',
  'softwareVersions',
  'uploads',
  'smsReplies',
] as const;
export type PlatformCapability = (typeof PLATFORM_CAPABILITIES)[number];

export const PlatformSchema = z.object({
  /** 'Simulator', 'HTTP fleet system' or 'Traccar'. */
  name: z.string(),
  version: z.string().nullable(),
  capabilities: z.object({
    tabletOperations: CapabilitySchema,
    softwareVersions: CapabilitySchema,
    uploads: CapabilitySchema,
    smsReplies: CapabilitySchema,
  }),
});

export type Capability = z.infer<typeof CapabilitySchema>;
export type Platform = z.infer<typeof PlatformSchema>;

export const NOT_AVAILABLE_WITH_PLATFORM = 'Not available with this platform';
