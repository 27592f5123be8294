import type { ReactNode } from 'react';
import { ErrorState } from './error-state.tsx';
import { LoadingState } from './loading-state.tsx';
import { NothingSavedState } from './nothing-saved-state.tsx';
import { queryPhase, type LoadedQuery } from './query-phase.ts';
import { SavedCopyNotice } from './saved-copy-notice.tsx';

/**
 * A list's load states in a dialog or panel: the data as soon as there is some (a saved copy says
 * so, with its age; a failed refresh never hides it), the loading skeleton, 'nothing saved on this
 * phone yet' without signal, the error with Try again, the empty text, or what `children` makes of
 * the data.
 */
export function QueryState<T>({
  query,
  noun,
  emptyText,
  isEmpty,
  rowClassName = 'h-12',
  children,
}: {
  query: LoadedQuery & {
    isFetching: boolean;
    data: T | undefined;
    refetch: () => unknown;
  };
  noun: string;
  emptyText: string;
  isEmpty: (data: T) => boolean;
  rowClassName?: string;
  children: (data: T) => ReactNode;
}) {
  const phase = queryPhase(query);
  if (phase === 'offline') return <NothingSavedState variant="inline" noun={noun} query={query} />;
  if (phase === 'error') {
    return (
      <ErrorState
        variant="inline"
        title={`Error loading ${noun}. Check the connection and try again.`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data === undefined)
    return <LoadingState label={`Loading ${noun}`} rows={2} rowClassName={rowClassName} />;
  return (
    <>
      <SavedCopyNotice query={query} what={noun} className="mb-0" />
      {isEmpty(query.data) ? <p className="text-muted-foreground">{emptyText}</p> : children(query.data)}
    </>
  );
}
