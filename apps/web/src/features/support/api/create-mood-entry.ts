import { useMutation } from '@tanstack/react-query';
import { MoodEntrySchema, type CreateMoodEntryInput, type MoodEntry } from '@toolkit/contracts/moods.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { MOOD_ENTRIES_URL, moodEntriesQueryOptions } from './get-mood-entries.ts';
import { moodStatsQueryOptions } from './get-mood-stats.ts';

/**
 * POST /api/mood-entries through the outbox: kept on the phone with its Idempotency-Key, sent now
 * or, without signal, when the connection returns; the recent moods and statistics refresh when
 * the server has it. A retried write never logs the mood twice.
 */
export function createMoodEntry(input: CreateMoodEntryInput, label: string): Promise<Submitted<MoodEntry>> {
  return submitWrite(
    {
      label,
      method: 'POST',
      url: MOOD_ENTRIES_URL,
      body: input,
      keyPrefix: 'mood',
      invalidate: [moodEntriesQueryOptions().queryKey, moodStatsQueryOptions().queryKey],
    },
    (answer) => MoodEntrySchema.parse(answer),
  );
}

export function useCreateMoodEntry() {
  return useMutation({
    // The outbox keeps the write without signal: the mutation must not wait for one (TanStack's
    // default pauses mutations while offline).
    networkMode: 'always',
    mutationFn: ({ input, label }: { input: CreateMoodEntryInput; label: string }) =>
      createMoodEntry(input, label),
  });
}
