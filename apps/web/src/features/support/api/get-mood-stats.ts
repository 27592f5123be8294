import { queryOptions, useQuery } from '@tanstack/react-query';
import { MoodStatsSchema } from '@toolkit/contracts/moods.ts';
import { jsonQuery } from '../../../lib/api-client.ts';

/** GET /api/mood-stats: average, count and distribution of the user's moods. */
export function moodStatsQueryOptions() {
  return queryOptions({ queryKey: ['/api/mood-stats'], queryFn: jsonQuery(MoodStatsSchema) });
}

export function useMoodStats() {
  return useQuery(moodStatsQueryOptions());
}
