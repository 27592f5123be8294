import { queryOptions, useQuery } from '@tanstack/react-query';
import { MoodEntryListSchema } from '@toolkit/contracts/moods.ts';
import { jsonQuery } from '../../../lib/api-client.ts';

/** GET /api/mood-entries: the user's moods, newest first. */
export function moodEntriesQueryOptions() {
  return queryOptions({ queryKey: ['/api/mood-entries'], queryFn: jsonQuery(MoodEntryListSchema) });
}

export function useMoodEntries() {
  return useQuery(moodEntriesQueryOptions());
}
