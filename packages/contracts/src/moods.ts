import { z } from 'zod';
import { optionalIdSchema, optionalMultiLine, singleLine } from './primitives.ts';

export const MOODS = [
  { label: 'Great', value: 5, emoji: '😄' },
  { label: 'Good', value: 4, emoji: '🙂' },
  { label: 'Okay', value: 3, emoji: '😐' },
  { label: 'Poor', value: 2, emoji: '🙁' },
  { label: 'Terrible', value: 1, emoji: '😫' },
] as const;
export const MOOD_LABELS = ['Great', 'Good', 'Okay', 'Poor', 'Terrible'] as const;
export const WORK_PHASES = ['start', 'mid-task', 'break', 'problem-solving', 'end'] as const;

export const CreateMoodEntryInputSchema = z.object({
  clientId: optionalIdSchema(),
  vehicleId: optionalIdSchema(),
  moodEmoji: singleLine().min(1, 'Please choose a mood').max(16),
  moodLabel: z.enum(MOOD_LABELS),
  moodValue: z
    .number()
    .int()
    .min(1, 'Mood value must be between 1 and 5')
    .max(5, 'Mood value must be between 1 and 5'),
  comment: optionalMultiLine(1000),
  workPhase: z
    .enum(WORK_PHASES)
    .nullish()
    .transform((v) => v ?? null),
});
export type CreateMoodEntryInput = z.input<typeof CreateMoodEntryInputSchema>;

export const MoodEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  clientId: z.number().int().nullable(),
  vehicleId: z.number().int().nullable(),
  moodEmoji: z.string(),
  moodLabel: z.string(),
  moodValue: z.number().int(),
  comment: z.string().nullable(),
  workPhase: z.string().nullable(),
  createdAt: z.string(),
});
export type MoodEntry = z.infer<typeof MoodEntrySchema>;
export const MoodEntryListSchema = z.array(MoodEntrySchema);

export const MoodStatsSchema = z.object({
  averageMood: z.number(),
  totalEntries: z.number().int(),
  moodDistribution: z.record(z.string(), z.number().int()),
});
export type MoodStats = z.infer<typeof MoodStatsSchema>;

export const MOOD_MESSAGES = { logFailed: 'Failed to log mood' } as const;
