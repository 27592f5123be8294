import { CloudOff, History } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { copyKind, copyTime, isOldCopy, type LoadedQuery } from './query-phase.ts';

type SavedCopyNoticeProps = {
  query: LoadedQuery & { isFetching: boolean; refetch: () => unknown };
  /** What the copy holds, for 'Refresh failed: showing the last known {what} from 10:32.' */
  what: string;
  className?: string;
};

/**
 * Above data that is not the server's answer of just now (issue 14): 'Offline copy from 10:32'
 * without signal, the refresh's failure otherwise, and §9's 'Using cached data' badge when the copy
 * is older than an hour. Nothing when the data is fresh, nor while a copy still within that hour
 * is being refreshed: with signal the refresh lands in a moment, and a warning that comes and goes
 * would only push the screen down and back (the copy is marked the moment the refresh fails or the
 * signal is gone).
 */
export function SavedCopyNotice({ query, what, className }: SavedCopyNoticeProps) {
  // The age is read when the screen opens (a copy crossing the hour while looking at it keeps its look).
  const [now] = useState(() => Date.now());
  const kind = copyKind(query);
  if (kind === null || (kind === 'updating' && !isOldCopy(query.dataUpdatedAt, now))) return null;
  const time = copyTime(query.dataUpdatedAt, now);
  const text = {
    offline: `Offline copy from ${time}`,
    failed: `Refresh failed: showing the last known ${what} from ${time}.`,
    updating: `Saved copy from ${time} · updating...`,
    saved: `Saved copy from ${time}`,
  }[kind];
  const Icon = kind === 'offline' ? CloudOff : History;
  return (
    <div
      role="status"
      className={cn(
        'mb-4 flex flex-wrap items-center gap-2 rounded-lg border-2 border-warning bg-surface p-3',
        className,
      )}
    >
      <Icon aria-hidden className="size-5 shrink-0 text-warning" />
      {isOldCopy(query.dataUpdatedAt, now) && <Badge tone="warning">Using cached data</Badge>}
      <span className="min-w-0 break-words">{text}</span>
      {kind === 'failed' && (
        <Button
          variant="outline"
          className="ml-auto"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {query.isFetching ? 'Retrying...' : 'Try again'}
        </Button>
      )}
    </div>
  );
}
