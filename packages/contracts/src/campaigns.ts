import { z } from 'zod';
import { idParam, idSchema, multiLine, singleLine } from './primitives.ts';
import { BUS_STATES, BLOCKER_CODES } from './campaign-constants.ts';
import { occurredAt, itemKey, CampaignBusSchema } from './campaign-shapes.ts';

/**
 * Install campaigns (issue 34, ../shared/docs/campaigns.md): a retrofit of many buses, each with
 * the campaign's checklist, from the installer's claim to the supervisor's acceptance. Texts,
 * codes and shapes here are the design's, word for word: the constants and sentences live in
 * campaign-constants.ts, the campaign and bus shapes in campaign-shapes.ts, the bus routes'
 * inputs here; this file gives all of them.
 */

export * from './campaign-constants.ts';
export * from './campaign-shapes.ts';
export * from './campaign-dashboard.ts';

/* Inputs of the bus routes. Queued installer writes carry `occurredAt` (the phone's time). */

export const AddBusesInputSchema = z.object({
  vehicleIds: z.array(idSchema()).min(1).max(1000),
});
export const AddBusesResultSchema = z.object({
  added: z.number().int(),
  skipped: z.array(z.object({ vehicleId: z.number().int(), reason: z.string() })),
});

export const AssignBusesInputSchema = z.object({
  busIds: z.array(idSchema()).min(1).max(1000),
  userId: idSchema().nullable(),
  occurredAt: occurredAt(),
});
export const AssignBusesResultSchema = z.object({ items: z.array(CampaignBusSchema) });

/**
 * What a bus write answers: the bus as it is now, and what to tell the person when the write did
 * more than asked ("Bus 1207 is back in progress; submit it again when ready.").
 */
export const BusChangeSchema = CampaignBusSchema.extend({ message: z.string().nullable() });
export type BusChange = z.infer<typeof BusChangeSchema>;

export const ClaimInputSchema = z.object({ occurredAt: occurredAt() });

/** Not applicable without a note is refused by the server: 422 REASON_REQUIRED. */
export const SetItemInputSchema = z.object({
  state: z.enum(['done', 'todo', 'na']),
  note: multiLine().max(1000).nullish(),
  occurredAt: occurredAt(),
});
export type SetItemInput = z.input<typeof SetItemInputSchema>;

export const BlockInputSchema = z.object({
  code: z.enum(BLOCKER_CODES),
  note: multiLine().max(1000).nullish(),
  /** With `unit_faulty`: the scanned unit, marked faulty too (shipments, issue 35). */
  unitCode: singleLine().max(64).nullish(),
  /**
   * A photo of the blocker, already saved on the bus (POST /api/photos, type `issue`): linked in
   * the `blocked` event. A photo kept on the phone is named by its local id until the outbox sends
   * it, then by the server's (decision 043).
   */
  photoId: idSchema().nullish(),
  occurredAt: occurredAt(),
});
export type BlockInput = z.input<typeof BlockInputSchema>;
export const UnblockInputSchema = z.object({ occurredAt: occurredAt() });

export const SubmitInputSchema = z.object({
  exceptions: z.record(itemKey(), multiLine().min(1).max(1000)).optional(),
  occurredAt: occurredAt(),
});
export type SubmitInput = z.input<typeof SubmitInputSchema>;

export const AcceptInputSchema = z.object({
  version: z.number().int().min(0),
  forced: z.boolean().optional(),
  note: multiLine().max(1000).nullish(),
});
export type AcceptInput = z.input<typeof AcceptInputSchema>;

export const BulkAcceptInputSchema = z.object({
  items: z
    .array(z.object({ busId: idSchema(), version: z.number().int().min(0) }))
    .min(1)
    .max(1000),
});
export const BulkAcceptResultSchema = z.object({
  accepted: z.array(z.number().int()),
  skipped: z.array(z.object({ busId: z.number().int(), reason: z.string() })),
});
export type BulkAcceptResult = z.infer<typeof BulkAcceptResultSchema>;

/** Reject and reopen: the version seen and a reason (422 REASON_REQUIRED without one). */
export const ReasonInputSchema = z.object({
  version: z.number().int().min(0),
  reason: multiLine().max(1000).nullish(),
});

/* Queries and params. */

export const CampaignIdParamSchema = z.object({ id: idParam() });
export const BusIdParamSchema = z.object({ busId: idParam() });
export const BusItemParamSchema = z.object({ busId: idParam(), key: itemKey() });

export const BusListQuerySchema = z.object({
  state: z.enum(BUS_STATES).optional(),
  /** A user id, `me`, or `none` (unassigned). */
  assignee: z.union([z.literal('me'), z.literal('none'), idParam()]).optional(),
  blocked: z.enum(['true', 'false']).optional(),
  q: singleLine().max(50).optional(),
  cursor: singleLine().max(200).optional(),
});
export type BusListQuery = z.input<typeof BusListQuerySchema>;

export const EventListQuerySchema = z.object({
  busId: idParam().optional(),
  actor: idParam().optional(),
  cursor: singleLine().max(200).optional(),
});

export const CsvImportQuerySchema = z.object({ dryRun: z.enum(['1', 'true']).optional() });

/** A CSV preview or import: counts, and the first messages (file-level ones with `row: null`). */
const CsvMessageSchema = z.object({ row: z.number().int().nullable(), message: z.string() });
export const CsvPreviewSchema = z.object({
  new: z.number().int(),
  unchanged: z.number().int(),
  /** Rows of buses already in the campaign whose assignee, planned date or notes the file changes. */
  updated: z.number().int().optional(),
  errors: z.array(CsvMessageSchema),
  warnings: z.array(CsvMessageSchema),
  /** How many errors and warnings there are in all (the lists hold the first 100). */
  errorCount: z.number().int(),
  warningCount: z.number().int(),
  /** False for a dry run and for a file with errors. */
  imported: z.boolean(),
  /** The same file was imported before: what it says (nothing was changed). */
  alreadyImported: z.string().nullable(),
  /** The expected header, shown under the file's when a required column is missing. */
  expectedHeader: z.string().optional(),
});
export type CsvPreview = z.infer<typeof CsvPreviewSchema>;
