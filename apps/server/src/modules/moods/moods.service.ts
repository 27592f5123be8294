import {
  MOOD_LABELS,
  type CreateMoodEntryInputSchema,
  type MoodEntry,
  type MoodStats,
} from '@toolkit/contracts/moods.ts';
import type { z } from 'zod';
import { assertClientAccess } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../lib/types.ts';
import { visibleVehicle } from '../vehicles/vehicles.service.ts';
import { insertMood, listMoodsByUser, moodTotalsByLabel } from './moods.repository.ts';

const MOOD_LIMIT = 100;

/** The installer's own mood log and its statistics. */
export class MoodsService {
  constructor(private readonly db: Db) {}

  list(user: AuthUser): Promise<MoodEntry[]> {
    return listMoodsByUser(this.db, user.id, MOOD_LIMIT);
  }

  async add(user: AuthUser, input: z.output<typeof CreateMoodEntryInputSchema>): Promise<MoodEntry> {
    if (input.clientId !== null) assertClientAccess(user, input.clientId);
    if (input.vehicleId !== null) await visibleVehicle(this.db, user, input.vehicleId);
    return insertMood(this.db, { ...input, userId: user.id });
  }

  async stats(user: AuthUser): Promise<MoodStats> {
    const rows = await moodTotalsByLabel(this.db, user.id);
    const moodDistribution: Record<string, number> = Object.fromEntries(MOOD_LABELS.map((l) => [l, 0]));
    let totalEntries = 0;
    let sum = 0;
    for (const r of rows) {
      moodDistribution[r.label] = r.count;
      totalEntries += r.count;
      sum += r.total;
    }
    return {
      averageMood: totalEntries === 0 ? 0 : Math.round((sum / totalEntries) * 100) / 100,
      totalEntries,
      moodDistribution,
    };
  }
}
