import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { currentEntries, noEntriesYet, subscribe, type OutboxEntry } from './outbox.ts';

export interface PendingWrite<T> {
  entry: OutboxEntry;
  body: T;
}

/**
 * The writes to one endpoint still on this phone (issue 14: optimistic changes marked pending),
 * their bodies read with the contract's schema; `keep` narrows them (one vehicle's notes...).
 * Live: the list follows the outbox as entries are kept, sent, refused or discarded.
 */
export function usePendingWrites<T>(
  method: OutboxEntry['method'],
  url: string,
  schema: z.ZodType<T>,
  keep: (body: T) => boolean,
): PendingWrite<T>[] {
  const entries = useSyncExternalStore(subscribe, currentEntries, noEntriesYet);
  return entries.flatMap((entry) => {
    if (entry.method !== method || entry.url !== url) return [];
    const body = schema.safeParse(entry.body);
    return body.success && keep(body.data) ? [{ entry, body: body.data }] : [];
  });
}
