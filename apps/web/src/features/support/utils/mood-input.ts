import { MOODS, type CreateMoodEntryInput } from '@toolkit/contracts/moods.ts';
import type { MoodForm } from '@toolkit/contracts/support.ts';

/** The form's values as the POST /api/mood-entries body, scoped to the selected agency. */
export function toMoodEntryInput(values: MoodForm, clientId: number | null): CreateMoodEntryInput {
  const mood = MOODS.find((m) => m.label === values.mood);
  if (!mood) throw new Error(`Unknown mood ${values.mood}`);
  const vehicleId = values.vehicleId === '' ? null : Number(values.vehicleId);
  return {
    clientId,
    vehicleId: clientId === null ? null : vehicleId,
    moodEmoji: mood.emoji,
    moodLabel: mood.label,
    moodValue: mood.value,
    comment: values.comment.trim() === '' ? null : values.comment.trim(),
    workPhase: values.workPhase === '' ? null : values.workPhase,
  };
}

export const WORK_PHASE_LABELS: Record<string, string> = {
  start: 'Start of work',
  'mid-task': 'Mid-task',
  break: 'Break',
  'problem-solving': 'Problem-solving',
  end: 'End of work',
};
