import type { ReactNode } from 'react';

/**
 * A list's load states in a dialog or panel: 'Loading {noun}...', the error with what to do, the
 * empty text, or what `children` makes of the data.
 */
export function QueryState<T>({
  query,
  noun,
  emptyText,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  noun: string;
  emptyText: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <p role="status">Loading {noun}...</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-destructive">
        Error loading {noun}. Check the connection and try again.
      </p>
    );
  }
  if (query.data === undefined) return <p role="status">Loading {noun}...</p>;
  if (isEmpty(query.data)) return <p className="text-muted-foreground">{emptyText}</p>;
  return children(query.data);
}
