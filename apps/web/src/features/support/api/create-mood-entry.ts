import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MoodEntrySchema, type CreateMoodEntryInput, type MoodEntry } from '@toolkit/contracts/moods.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { moodEntriesQueryOptions } from './get-mood-entries.ts';
import { moodStatsQueryOptions } from './get-mood-stats.ts';

/** POST /api/mood-entries with an Idempotency-Key: a retried write never logs the mood twice. */
export async function createMoodEntry(input: CreateMoodEntryInput): Promise<MoodEntry> {
  const res = await apiRequest('POST', '/api/mood-entries', input, newIdempotencyKey('mood'));
  return MoodEntrySchema.parse(await res.json());
}

export function useCreateMoodEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMoodEntry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries(moodEntriesQueryOptions()),
        queryClient.invalidateQueries(moodStatsQueryOptions()),
      ]),
  });
}
