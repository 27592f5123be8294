import { z } from 'zod';
import { singleLine } from './primitives.ts';

/** Commands sent to a device through the fleet system (§5): tablet operations and GPS SMS. */

export const TABLET_OPERATIONS = [
  'query-mdt',
  'publish-conf',
  'upload-rider-profiles',
  'software-update',
  'addon-install',
  'reload-configuration',
  'reload-card-database',
] as const;
export type TabletOperation = (typeof TABLET_OPERATIONS)[number];

export const TabletOperationInputSchema = z
  .object({
    operation: z.enum(TABLET_OPERATIONS),
    softwareVersion: singleLine().min(1).max(100).optional(),
  })
  .superRefine((d, ctx) => {
    if ((d.operation === 'software-update' || d.operation === 'addon-install') && !d.softwareVersion) {
      ctx.addIssue({
        code: 'custom',
        path: ['softwareVersion'],
        message: 'Please choose a software version',
      });
    }
  });
export type TabletOperationInput = z.infer<typeof TabletOperationInputSchema>;

export const TabletOperationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  result: z.object({ command: z.string(), message: z.string(), response: z.string() }),
});
export type TabletOperationResponse = z.infer<typeof TabletOperationResponseSchema>;

export const SMS_COMMANDS = ['!R0', '!R3,20,0'] as const;
export type SmsCommand = (typeof SMS_COMMANDS)[number];
export const SmsCommandInputSchema = z.object({ command: z.enum(SMS_COMMANDS) });
export const SmsCommandResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  command: z.string(),
  phone: z.string(),
  reply: z.string().nullable(),
  sentAt: z.string(),
  repliedAt: z.string().nullable(),
});
export type SmsCommandResponse = z.infer<typeof SmsCommandResponseSchema>;

/** Digits of a phone number; SMS needs at least 10 (§5). */
export function isSmsPhoneValid(phone: string | null | undefined): boolean {
  return (phone ?? '').replace(/\D/g, '').length >= 10;
}

export const SOFTWARE_TYPES = ['production', 'addon'] as const;
export const SoftwareVersionSchema = z.object({
  version: z.string(),
  filename: z.string(),
  type: z.enum(SOFTWARE_TYPES),
  description: z.string().nullable(),
});
export type SoftwareVersion = z.infer<typeof SoftwareVersionSchema>;
export const SoftwareVersionQuerySchema = z.object({ type: z.enum(SOFTWARE_TYPES) });
