import { z } from 'zod';
import { idSchema, multiLine, optionalSingleLine } from './primitives.ts';

export const NOTE_TYPES = ['general', 'issue', 'completion', 'device_specific'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

export const NOTE_MESSAGES = {
  contentRequired: 'Content required',
  contentHint: 'Please enter note content.',
  typeRequired: 'Note type is required',
  addFailed: 'Failed to add note',
  saveFailed: 'Save Failed: Failed to save note',
} as const;

const NoteContentSchema = multiLine().min(1, NOTE_MESSAGES.contentRequired).max(5000);

export const CreateNoteInputSchema = z.object({
  vehicleId: idSchema(),
  noteType: z.enum(NOTE_TYPES, NOTE_MESSAGES.typeRequired),
  content: NoteContentSchema,
  deviceId: optionalSingleLine(100),
  /** Accepted for compatibility; the server always records the signed-in user. */
  createdBy: idSchema().optional(),
});

export const UpdateNoteInputSchema = z.object({ content: NoteContentSchema });

export const NoteSchema = z.object({
  id: z.number().int(),
  vehicleId: z.number().int(),
  noteType: z.enum(NOTE_TYPES),
  content: z.string(),
  deviceId: z.string().nullable(),
  createdBy: z.number().int(),
  createdAt: z.string(),
  uploadedToNavigator: z.boolean(),
  navigatorUploadedAt: z.string().nullable(),
});
export type Note = z.infer<typeof NoteSchema>;
export const NoteListSchema = z.array(NoteSchema);
