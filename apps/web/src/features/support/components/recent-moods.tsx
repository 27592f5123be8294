import { RECENT_MOODS_SHOWN } from '@toolkit/contracts/constants.ts';
import { useMoodEntries } from '../api/get-mood-entries.ts';
import { WORK_PHASE_LABELS } from '../utils/mood-input.ts';
import { ListCard, listTime } from './list-card.tsx';

/** The 5 most recent moods (§2, §9). */
export function RecentMoods() {
  return (
    <ListCard
      id="recent-moods"
      title="Recent Moods"
      query={useMoodEntries()}
      loadingLabel="Loading recent moods"
      errorLead="Could not load your moods"
      empty="No moods logged yet."
      skeletonClassName="h-24"
      limit={RECENT_MOODS_SHOWN}
      renderItem={(e) => (
        <li key={e.id} className="flex items-start gap-3 rounded-lg bg-surface-muted p-3">
          <span aria-hidden className="text-2xl">
            {e.moodEmoji}
          </span>
          <div className="min-w-0">
            <p className="font-semibold">
              {e.moodLabel}
              {e.workPhase && (
                <span className="font-normal text-muted-foreground">
                  {' '}
                  · {WORK_PHASE_LABELS[e.workPhase] ?? e.workPhase}
                </span>
              )}
            </p>
            {e.comment && <p className="break-words">{e.comment}</p>}
            <p className="text-sm text-muted-foreground">{listTime(e.createdAt)}</p>
          </div>
        </li>
      )}
    />
  );
}
