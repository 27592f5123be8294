import type { HttpMethod } from '../api-client.ts';
import type { OutboxOwner } from './owner.ts';

/** One kept write of the outbox and what the pending list shows of them (outbox.ts). */

/**
 * A write's wait for a create, set by the outbox (lib/outbox/local-ids.ts): the create's key, and
 * where the write names it: the local id (in body fields and URL segments), or, in entries kept by
 * an earlier version, the field (in the body, and `{field}` in the URL).
 */
export type WaitsFor = { key: string; field: string; localId?: number };

/**
 * waiting: to be sent (now or after its backoff). refused: the server said no (a 4xx), with its
 * reason. conflict: what the write would change was changed meanwhile by someone else (409
 * ASSIGNMENT_CONFLICT); the user chooses: theirs (discard) or mine (send again without the check).
 */
export type OutboxState = 'waiting' | 'refused' | 'conflict';

export interface OutboxEntry {
  id: string;
  /**
   * What the write is (issue 33): its resource and operation, as its home names it ('note',
   * 'vehicle-edit', 'assign'...), also the prefix of its key. Pending views read writes by it, never
   * by method and URL. Absent in entries kept by an earlier version: read from the key (kindOf).
   */
  kind?: string;
  /** The record the write is about (a vehicle edit: the vehicle's id, a local id until its create went). */
  subject?: number;
  /** What the installer did, as the pending list shows it ('Mood 🙂 logged'). */
  label: string;
  method: HttpMethod;
  url: string;
  body: unknown;
  idempotencyKey: string;
  createdAt: string;
  state: OutboxState;
  attempts: number;
  /** Not before this time (ms since epoch): the backoff after a failed attempt. */
  nextAt: number;
  /** The server's reason for a refusal, in its words. */
  error: string | null;
  /** The query keys to refresh once the server has it. */
  invalidate: readonly (readonly unknown[])[];
  /**
   * Who made it (the signed-in user then): it is sent only while they are signed in, so that on a
   * shared phone one installer's work never goes under another's name. Absent: anyone's.
   */
  owner?: OutboxOwner | null;
  /**
   * The entry this one goes with, as part of one thing the installer did (a note's log entry goes
   * with the note): the pending list shows the two as one while both wait. Absent: its own.
   */
  follows?: string;
  /**
   * Set by the outbox, never by a screen: a write naming the local id of something created on this
   * phone that the server has not given an id yet (a vehicle made without signal, decisions 036,
   * 043) goes only after the create entry whose Idempotency-Key is `key`, rewritten with the
   * server's id.
   */
  waitsFor?: WaitsFor | null;
  /** This write makes something other writes may name by its local id (localIdOf its key). */
  creates?: boolean;
  /**
   * The key other writes know this create by (its first Idempotency-Key), kept when Retry sends it
   * again under a new one. Absent: its Idempotency-Key.
   */
  localKey?: string;
}

/**
 * What the pending list shows and counts: one line for each thing the installer did. An entry that
 * goes with another still kept is folded into it, unless the server refused it on its own (then
 * the installer has to see it to act on it).
 */
export function shownEntries(entries: readonly OutboxEntry[]): readonly OutboxEntry[] {
  const folded = (e: OutboxEntry) =>
    e.follows !== undefined && e.state === 'waiting' && entries.some((o) => o.id === e.follows);
  return entries.some(folded) ? entries.filter((e) => !folded(e)) : entries;
}

/** The key other writes know a create by: its first Idempotency-Key (see `localKey`). */
export const createKeyOf = (entry: Pick<OutboxEntry, 'localKey' | 'idempotencyKey'>): string =>
  entry.localKey ?? entry.idempotencyKey;

/** The create (its key) a kept write waits for, or null (decision 043). */
export const waitingOn = (entry: Pick<OutboxEntry, 'waitsFor'>): string | null => entry.waitsFor?.key ?? null;

/** What a kept write is: its kind, or for one kept by an earlier version the prefix of its key. */
export const kindOf = (entry: Pick<OutboxEntry, 'kind' | 'idempotencyKey'>): string =>
  entry.kind ?? entry.idempotencyKey.split(':', 1)[0] ?? '';

/** A write still waiting after this long is called out (issue 14: more than a day). */
export const OUTBOX_STALE_MS = 24 * 60 * 60 * 1000;

/** A write still waiting after OUTBOX_STALE_MS. */
export const isStale = (entry: OutboxEntry, now: number) =>
  entry.state === 'waiting' && now - new Date(entry.createdAt).getTime() > OUTBOX_STALE_MS;
