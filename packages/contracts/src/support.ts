import { z } from 'zod';
import { AccessRequestInputSchema } from './clients.ts';
import { MOOD_LABELS, WORK_PHASES } from './moods.ts';
import { multiLine, optionalIdSchema, singleLine } from './primitives.ts';

export const SupportAddVehicleFormSchema = z.object({
  vehicleId: singleLine().min(1, 'Vehicle ID is required').max(50),
  reason: multiLine().min(10, 'Please provide a detailed reason').max(2000),
});
export const SupportAccessFormSchema = z.object({
  accountId: singleLine().min(1, 'Account ID is required').max(100),
  reason: multiLine().min(10, 'Please provide a detailed reason').max(2000),
});
export const SupportMessageFormSchema = z.object({
  subject: singleLine().min(1, 'Subject is required').max(200),
  message: multiLine().min(10, 'Please provide a detailed message').max(5000),
});

/**
 * What a support request asks for: the three forms of the Support screen, and the access request
 * to a new agency from /clients (§2, §6), which keeps its own fields and messages (§5).
 */
const SUPPORT_REQUEST_KINDS = ['add-vehicle', 'request-access', 'support', 'client-access'] as const;
export type SupportRequestKind = (typeof SUPPORT_REQUEST_KINDS)[number];

/** received: stored, the e-mail to support not delivered yet; sent: e-mailed to support. */
const SUPPORT_REQUEST_STATES = ['received', 'sent'] as const;
export type SupportRequestState = (typeof SUPPORT_REQUEST_STATES)[number];

/** The agency the request is about (the selected client), when there is one. */
const OptionalClientId = optionalIdSchema();

export const CreateSupportRequestInputSchema = z.discriminatedUnion('kind', [
  SupportAddVehicleFormSchema.extend({ kind: z.literal('add-vehicle'), clientId: OptionalClientId }),
  SupportAccessFormSchema.extend({ kind: z.literal('request-access'), clientId: OptionalClientId }),
  SupportMessageFormSchema.extend({ kind: z.literal('support'), clientId: OptionalClientId }),
  AccessRequestInputSchema.extend({ kind: z.literal('client-access') }),
]);
export type CreateSupportRequestInput = z.input<typeof CreateSupportRequestInputSchema>;

export const SupportRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SUPPORT_REQUEST_KINDS),
  clientId: z.number().int().nullable(),
  /** The agency's name, when the request is about one of the user's agencies. */
  clientName: z.string().nullable(),
  /** The vehicle id, account id, subject or client name the request is about. */
  subject: z.string(),
  /** The reason or message. */
  details: z.string(),
  state: z.enum(SUPPORT_REQUEST_STATES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SupportRequest = z.infer<typeof SupportRequestSchema>;
export const SupportRequestListSchema = z.array(SupportRequestSchema);

export const SUPPORT_REQUEST_LABELS: Record<SupportRequestKind, string> = {
  'add-vehicle': 'Add Vehicle',
  'request-access': 'Request Access',
  support: 'Support',
  'client-access': 'Access to New Client',
};

/** The Mood Tracker's form (§5: emoji required, value 1 to 5); vehicle and work phase optional. */
export const MoodFormSchema = z.object({
  mood: z.enum(MOOD_LABELS, 'Please choose a mood'),
  comment: multiLine().max(1000, 'Keep the comment under 1000 characters'),
  /** A vehicle's database id, or '' for none. */
  vehicleId: z.string(),
  workPhase: z.union([z.enum(WORK_PHASES), z.literal('')]),
});
export type MoodForm = z.input<typeof MoodFormSchema>;
