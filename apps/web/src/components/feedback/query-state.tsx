import type { ReactNode } from 'react';
import { ErrorState } from './error-state.tsx';
import { LoadingState } from './loading-state.tsx';

/**
 * A list's load states in a dialog or panel: the loading skeleton, the error with what to do and
 * Try again, the empty text, or what `children` makes of the data.
 */
export function QueryState<T>({
  query,
  noun,
  emptyText,
  isEmpty,
  rowClassName = 'h-12',
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
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
  if (query.isError) {
    return (
      <ErrorState
        variant="inline"
        title={`Error loading ${noun}. Check the connection and try again.`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.isPending || query.data === undefined)
    return <LoadingState label={`Loading ${noun}`} rows={2} rowClassName={rowClassName} />;
  if (isEmpty(query.data)) return <p className="text-muted-foreground">{emptyText}</p>;
  return children(query.data);
}
