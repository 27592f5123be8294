import { RECENT_MOODS_SHOWN } from '@toolkit/contracts/constants.ts';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMoodEntries } from '../api/get-mood-entries.ts';
import { WORK_PHASE_LABELS } from '../utils/mood-input.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });

/** The 5 most recent moods (§2, §9). */
export function RecentMoods() {
  const entries = useMoodEntries();
  return (
    <Card className="grid gap-3">
      <CardTitle id="recent-moods">Recent Moods</CardTitle>
      {entries.isPending ? (
        <Skeleton role="status" aria-label="Loading recent moods" className="h-24" />
      ) : entries.isError ? (
        <p role="alert" className="text-destructive">
          Could not load your moods: {entries.error.message}
        </p>
      ) : entries.data.length === 0 ? (
        <p className="text-muted-foreground">No moods logged yet.</p>
      ) : (
        <ul aria-labelledby="recent-moods" className="grid gap-2">
          {entries.data.slice(0, RECENT_MOODS_SHOWN).map((e) => (
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
                <p className="text-sm text-muted-foreground">{when(e.createdAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
