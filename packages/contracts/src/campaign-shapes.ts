import { z } from 'zod';
import { DEVICE_TYPES } from './devices.ts';
import { PHOTO_TYPES } from './photos.ts';
import { idSchema, singleLine } from './primitives.ts';
import {
  CAMPAIGN_ITEM_KINDS,
  CAMPAIGN_TEST_KEYS,
  CAMPAIGN_STATUSES,
  BUS_STATES,
  ITEM_STATES,
  BLOCKER_CODES,
  CAMPAIGN_EVENT_KINDS,
  CAMPAIGN_MAX_ITEMS,
  CAMPAIGN_MESSAGES,
} from './campaign-constants.ts';

/** Install campaigns' inputs and answers (issue 34): campaigns, their buses, items and events. */

/** A calendar day, YYYY-MM-DD. */
const day = () => z.iso.date('Use the form YYYY-MM-DD');
/** The phone's time of a queued write (ISO 8601); the server records its own beside it. */
export const occurredAt = () => z.iso.datetime({ offset: true }).optional();

export const itemKey = () =>
  singleLine()
    .min(1)
    .max(40)
    .regex(/^[a-z][a-z0-9_]*$/, 'Use lower-case letters, digits and _ for an item key');

export const CampaignItemInputSchema = z
  .object({
    key: itemKey(),
    label: singleLine().min(1).max(80),
    kind: z.enum(CAMPAIGN_ITEM_KINDS),
    deviceType: z.enum(DEVICE_TYPES).optional(),
    quantity: z.number().int().min(1).max(20).optional(),
    testKey: z.enum(CAMPAIGN_TEST_KEYS).optional(),
    warningCounts: z.boolean().optional(),
    photoType: z.enum(PHOTO_TYPES).optional(),
    minCount: z.number().int().min(1).max(50).optional(),
    required: z.boolean().default(true),
  })
  .superRefine((item, ctx) => {
    const need = (field: keyof typeof item, ok: boolean) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [field], message: `A ${item.kind} item needs ${field}` });
    };
    if (item.kind === 'fit') need('deviceType', item.deviceType !== undefined);
    if (item.kind === 'test') need('testKey', item.testKey !== undefined);
    if (item.kind === 'photo') need('photoType', item.photoType !== undefined);
  });
export type CampaignItemInput = z.input<typeof CampaignItemInputSchema>;

const itemsSchema = z
  .array(CampaignItemInputSchema)
  .min(1, CAMPAIGN_MESSAGES.itemsRequired)
  .max(CAMPAIGN_MAX_ITEMS, CAMPAIGN_MESSAGES.tooManyItems)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    for (const [i, item] of items.entries()) {
      if (seen.has(item.key))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'key'],
          message: CAMPAIGN_MESSAGES.duplicateItemKey(item.key),
        });
      seen.add(item.key);
    }
  });

const datesInOrder = (v: { startsOn?: string | null; dueOn?: string | null }) =>
  !v.startsOn || !v.dueOn || v.startsOn <= v.dueOn;

export const CreateCampaignInputSchema = z
  .object({
    clientId: idSchema(),
    name: singleLine().min(1, CAMPAIGN_MESSAGES.nameRequired).max(100),
    startsOn: day().nullish(),
    dueOn: day().nullish(),
    items: itemsSchema,
  })
  .refine(datesInOrder, { path: ['dueOn'], message: CAMPAIGN_MESSAGES.dueBeforeStart });
export type CreateCampaignInput = z.input<typeof CreateCampaignInputSchema>;

export const UpdateCampaignInputSchema = z
  .object({
    name: singleLine().min(1, CAMPAIGN_MESSAGES.nameRequired).max(100).optional(),
    startsOn: day().nullish(),
    dueOn: day().nullish(),
    status: z.enum(CAMPAIGN_STATUSES).optional(),
    items: itemsSchema.optional(),
  })
  .refine(datesInOrder, { path: ['dueOn'], message: CAMPAIGN_MESSAGES.dueBeforeStart });
export type UpdateCampaignInput = z.input<typeof UpdateCampaignInputSchema>;

export const CampaignItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(CAMPAIGN_ITEM_KINDS),
  deviceType: z.enum(DEVICE_TYPES).optional(),
  quantity: z.number().int().optional(),
  testKey: z.enum(CAMPAIGN_TEST_KEYS).optional(),
  warningCounts: z.boolean().optional(),
  photoType: z.enum(PHOTO_TYPES).optional(),
  minCount: z.number().int().optional(),
  required: z.boolean(),
  position: z.number().int(),
});
export type CampaignItem = z.infer<typeof CampaignItemSchema>;

const PersonSchema = z.object({ id: z.number().int(), name: z.string() });
export type Person = z.infer<typeof PersonSchema>;

const StateCountsSchema = z.object({
  planned: z.number().int(),
  in_progress: z.number().int(),
  ready_for_review: z.number().int(),
  accepted: z.number().int(),
});

export const CampaignSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  startsOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  createdBy: PersonSchema,
  createdAt: z.string(),
  items: z.array(CampaignItemSchema),
  /** Bumped by every change to the campaign or its buses (delta lists). */
  revision: z.number().int(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** A campaign in the agency list: counts per state, blocked, and for an installer mine/unassigned. */
export const CampaignSummarySchema = CampaignSchema.omit({ items: true }).extend({
  total: z.number().int(),
  counts: StateCountsSchema,
  blocked: z.number().int(),
  mine: z.number().int().optional(),
  unassigned: z.number().int().optional(),
});
export type CampaignSummary = z.infer<typeof CampaignSummarySchema>;
export const CampaignSummaryListSchema = z.array(CampaignSummarySchema);

const BlockedSchema = z.object({
  code: z.enum(BLOCKER_CODES),
  note: z.string().nullable(),
  by: PersonSchema,
  at: z.string(),
});

export const CampaignBusSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  vehicleId: z.number().int(),
  /** The bus's fleet number (the vehicle's own id, as the installer reads it on the bus). */
  fleetNumber: z.string(),
  /** The bus's VIN, when known: a scanned VIN label finds the bus (a copy kept without it reads as null). */
  vin: z.string().nullable().default(null),
  state: z.enum(BUS_STATES),
  assignee: PersonSchema.nullable(),
  plannedOn: z.string().nullable(),
  blocked: BlockedSchema.nullable(),
  reworkCount: z.number().int(),
  reworkReason: z.string().nullable(),
  acceptedWithExceptions: z.boolean(),
  /** A change outside the campaign (a swap on Devices) after acceptance. */
  changedAfterAcceptance: z.boolean(),
  version: z.number().int(),
  progress: z.object({ done: z.number().int(), required: z.number().int() }),
  lastEvent: z.object({ kind: z.enum(CAMPAIGN_EVENT_KINDS), at: z.string() }).nullable(),
});
export type CampaignBus = z.infer<typeof CampaignBusSchema>;

export const CampaignBusPageSchema = z.object({
  items: z.array(CampaignBusSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type CampaignBusPage = z.infer<typeof CampaignBusPageSchema>;

/** What proves a derived item: devices on the bus, the test, the photos. */
export const ItemEvidenceSchema = z.object({
  devices: z
    .array(z.object({ deviceId: z.string(), serial: z.string().nullable(), imei: z.string().nullable() }))
    .optional(),
  test: z.object({ id: z.number().int(), result: z.string(), at: z.string() }).optional(),
  photos: z.array(z.object({ id: z.number().int(), at: z.string() })).optional(),
  /** A manual tick or "not applicable": who, when, note. */
  tick: z.object({ by: PersonSchema, at: z.string(), note: z.string().nullable() }).optional(),
  /** How many of what the item needs are there (2 of 2 APC, 1 of 3 photos). */
  count: z.object({ have: z.number().int(), need: z.number().int() }).optional(),
});
export type ItemEvidence = z.infer<typeof ItemEvidenceSchema>;

export const BusItemSchema = CampaignItemSchema.extend({
  state: z.enum(ITEM_STATES),
  evidence: ItemEvidenceSchema,
});
export type BusItem = z.infer<typeof BusItemSchema>;

export const CampaignEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CAMPAIGN_EVENT_KINDS),
  busId: z.number().int().nullable(),
  fleetNumber: z.string().nullable(),
  actor: PersonSchema,
  occurredAt: z.string(),
  recordedAt: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type CampaignEvent = z.infer<typeof CampaignEventSchema>;
export const CampaignEventPageSchema = z.object({
  items: z.array(CampaignEventSchema),
  nextCursor: z.string().nullable(),
});

export const CampaignBusDetailSchema = CampaignBusSchema.extend({
  campaign: z.object({ id: z.number().int(), name: z.string(), status: z.enum(CAMPAIGN_STATUSES) }),
  items: z.array(BusItemSchema),
  /** The checklist as it was at submit (null before the first submit). */
  frozen: z.array(BusItemSchema).nullable(),
  exceptions: z.record(z.string(), z.string()),
  submitted: z.object({ by: PersonSchema, at: z.string() }).nullable(),
  accepted: z.object({ by: PersonSchema, at: z.string(), note: z.string().nullable() }).nullable(),
  events: z.array(CampaignEventSchema),
});
export type CampaignBusDetail = z.infer<typeof CampaignBusDetailSchema>;
