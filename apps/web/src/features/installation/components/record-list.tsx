import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';

/**
 * A list of the vehicle's record (photos or notes) in each of its states: loading, offline with
 * nothing saved, failed, the saved copy's notice, empty, or its items in a list named `noun`.
 */
export function RecordList<T extends { id: number }>({
  query,
  noun,
  className,
  children,
}: {
  query: UseQueryResult<T[]>;
  noun: 'photos' | 'notes';
  className: string;
  children: (item: T) => ReactNode;
}) {
  const phase = queryPhase(query);
  const title = noun === 'photos' ? 'Photos' : 'Notes';
  return (
    <>
      {phase === 'loading' && <p>Loading {noun}...</p>}
      {phase === 'offline' && <NothingSavedState variant="inline" noun={noun} query={query} />}
      {phase === 'error' && (
        <p role="alert">{title} could not be loaded. Check the connection and try again.</p>
      )}
      <SavedCopyNotice query={query} what={noun} className="mb-0" />
      {query.data?.length === 0 && <p className="text-muted-foreground">No {noun} yet.</p>}
      {query.data && query.data.length > 0 && (
        <ul aria-label={title} className={className}>
          {query.data.map(children)}
        </ul>
      )}
    </>
  );
}
