import {
  CreateMoodEntryInputSchema,
  MoodEntryListSchema,
  MoodEntrySchema,
  MoodStatsSchema,
} from '@toolkit/contracts/moods.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';
import { createdRecord } from '../../lib/route-schemas.ts';
import type { Api } from '../../lib/types.ts';
import { MoodsService } from './moods.service.ts';

export function moodRoutes(app: Api, deps: AppDeps): void {
  const moods = new MoodsService(deps.db);

  app.get(
    '/mood-entries',
    {
      schema: {
        tags: ['moods'],
        summary: "The user's mood entries, newest first",
        response: { 200: MoodEntryListSchema },
      },
    },
    async (request) => moods.list(requireUser(request)),
  );

  app.post(
    '/mood-entries',
    {
      schema: {
        tags: ['moods'],
        summary: 'Log a mood',
        body: CreateMoodEntryInputSchema,
        response: createdRecord(MoodEntrySchema),
      },
    },
    async (request, reply) => reply.status(201).send(await moods.add(requireUser(request), request.body)),
  );

  app.get(
    '/mood-stats',
    {
      schema: {
        tags: ['moods'],
        summary: "Average, count and distribution of the user's moods",
        response: { 200: MoodStatsSchema },
      },
    },
    async (request) => moods.stats(requireUser(request)),
  );
}
