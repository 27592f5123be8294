import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** A date and time as the Support screen's lists show it. */
export const listTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });

/**
 * A titled card listing what a query loads: a skeleton while it loads, the error, the empty text,
 * or the list (labelled by the title) with one `<li>` per item from `renderItem`.
 */
export function ListCard<T>({
  id,
  title,
  query,
  loadingLabel,
  errorLead,
  empty,
  skeletonClassName,
  limit,
  renderItem,
}: {
  id: string;
  title: string;
  query: UseQueryResult<readonly T[]>;
  loadingLabel: string;
  /** The error's first words, before the error's own message. */
  errorLead: string;
  empty: string;
  skeletonClassName: string;
  /** How many items are shown at the most (all when not given). */
  limit?: number;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <Card className="grid gap-3">
      <CardTitle id={id}>{title}</CardTitle>
      {query.isPending ? (
        <Skeleton role="status" aria-label={loadingLabel} className={skeletonClassName} />
      ) : query.isError ? (
        <p role="alert" className="text-destructive">
          {errorLead}: {query.error.message}
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="grid gap-2">
          {query.data.slice(0, limit).map(renderItem)}
        </ul>
      )}
    </Card>
  );
}
