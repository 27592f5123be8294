import { z } from 'zod';

/** Upload of the installation record to Navigator, the fleet platform. */
export const UPLOAD_KINDS = ['photo', 'note'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
const UPLOAD_STATES = ['uploaded', 'pending', 'failed'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export const UploadItemParamsSchema = z.object({
  kind: z.enum(UPLOAD_KINDS),
  id: z.coerce.number().int().positive(),
});

export const UploadItemSchema = z.object({
  kind: z.enum(UPLOAD_KINDS),
  id: z.number().int(),
  label: z.string(),
  state: z.enum(UPLOAD_STATES),
  /** Why the last attempt failed (state failed only). */
  error: z.string().nullable(),
  uploadedAt: z.string().nullable(),
});
export type UploadItem = z.infer<typeof UploadItemSchema>;
export const UploadItemListSchema = z.array(UploadItemSchema);
