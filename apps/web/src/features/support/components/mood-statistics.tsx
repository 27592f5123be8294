import { MOODS } from '@toolkit/contracts/moods.ts';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMoodStats } from '../api/get-mood-stats.ts';

/** Average, total and the distribution by label as a small bar chart (§3). */
export function MoodStatistics() {
  const stats = useMoodStats();
  if (stats.isPending)
    return <Skeleton role="status" aria-label="Loading mood statistics" className="h-40" />;
  if (stats.isError) {
    return (
      <Card role="alert" className="text-destructive">
        Could not load your mood statistics: {stats.error.message}
      </Card>
    );
  }
  const { averageMood, totalEntries, moodDistribution } = stats.data;
  const most = Math.max(1, ...Object.values(moodDistribution));
  return (
    <Card className="grid gap-3">
      <CardTitle>Mood Statistics</CardTitle>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-surface-muted p-3">
          <dt className="text-sm text-muted-foreground">Average mood</dt>
          <dd className="text-2xl font-bold">{totalEntries === 0 ? '–' : `${averageMood.toFixed(1)} / 5`}</dd>
        </div>
        <div className="rounded-lg bg-surface-muted p-3">
          <dt className="text-sm text-muted-foreground">Total entries</dt>
          <dd className="text-2xl font-bold">{totalEntries}</dd>
        </div>
      </dl>
      <ul aria-label="Mood distribution" className="grid gap-2">
        {MOODS.map((m) => {
          const count = moodDistribution[m.label] ?? 0;
          return (
            <li key={m.label} className="grid grid-cols-[6.5rem_1fr_2rem] items-center gap-2">
              <span>
                <span aria-hidden>{m.emoji} </span>
                {m.label}
              </span>
              <span aria-hidden className="h-3 rounded-full bg-surface-muted">
                <span
                  className="block h-3 rounded-full bg-primary"
                  style={{ width: `${String((count / most) * 100)}%` }}
                />
              </span>
              <span className="text-right font-semibold">{count}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
