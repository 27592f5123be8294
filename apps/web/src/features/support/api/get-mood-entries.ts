import { queryOptions, useQuery } from '@tanstack/react-query';
import { MoodEntryListSchema } from '@toolkit/contracts/moods.ts';
import { jsonQuery } from '../../../lib/api-client.ts';

/** GET /api/mood-entries: the user's moods, newest first. */
export const MOOD_ENTRIES_URL = '/api/mood-entries';

export function moodEntriesQueryOptions() {
  return queryOptions({ queryKey: [MOOD_ENTRIES_URL], queryFn: jsonQuery(MoodEntryListSchema) });
}

export function useMoodEntries() {
  return useQuery(moodEntriesQueryOptions());
}
