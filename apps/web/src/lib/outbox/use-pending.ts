import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { kindOf } from './entry.ts';
import { currentEntries, noEntriesYet, subscribe, type OutboxEntry } from './outbox.ts';

export interface PendingWrite<T> {
  entry: OutboxEntry;
  body: T;
}

/**
 * The writes of one kind still on this phone (issue 14: optimistic changes marked pending), their
 * bodies read with the contract's schema; `keep` narrows them (one vehicle's notes...). Typed by
 * what the write is (its kind, issue 33), never by method and URL. Live: the list follows the
 * outbox as entries are kept, sent, refused or discarded.
 */
export function usePendingWrites<T>(
  kind: string | readonly string[],
  schema: z.ZodType<T>,
  keep: (body: T) => boolean,
): PendingWrite<T>[] {
  const entries = useSyncExternalStore(subscribe, currentEntries, noEntriesYet);
  return entries.flatMap((entry) => {
    if (typeof kind === 'string' ? kindOf(entry) !== kind : !kind.includes(kindOf(entry))) return [];
    const body = schema.safeParse(entry.body);
    return body.success && keep(body.data) ? [{ entry, body: body.data }] : [];
  });
}
