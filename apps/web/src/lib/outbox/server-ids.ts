import { get, set } from 'idb-keyval';
import { withLocalIdReplaced } from './local-ids.ts';

/**
 * The server's ids of creates sent from the outbox, by the create's Idempotency-Key (decision
 * 036): a write about a vehicle made without signal names it by that key until the server gave it
 * an id, and is sent with the id once it is known.
 */

/**
 * A write's wait for a create, set by the outbox (lib/outbox/local-ids.ts): the create's key, and
 * where the write names it: the local id (in body fields and URL segments), or, in entries kept by
 * an earlier version, the field (in the body, and `{field}` in the URL).
 */
export type WaitsFor = { key: string; field: string; localId?: number };

/** The words kept on a write whose create was given up: nothing on the server to send it to. */
export const CREATE_GIVEN_UP = 'What this change was for was never created on the server.';

export const OUTBOX_IDS_KEY = 'toolkit-outbox-ids';
/** A write waits for a create made on this phone shortly before it: the last few ids are enough. */
const IDS_KEPT = 100;

type Pairs = [string, number][];
/** The ids as last read or kept, for a render to read at once (knownServerIds). */
let known: Readonly<Record<string, number>> = {};

export async function readServerIds(): Promise<Record<string, number>> {
  known = Object.fromEntries((await get<Pairs>(OUTBOX_IDS_KEY)) ?? []);
  return { ...known };
}

export async function rememberServerId(key: string, id: number): Promise<void> {
  known = { ...known, [key]: id };
  const pairs = ((await get<Pairs>(OUTBOX_IDS_KEY)) ?? []).filter(([k]) => k !== key);
  await set(OUTBOX_IDS_KEY, [...pairs, [key, id]].slice(-IDS_KEPT));
}

export function forgetServerIds(): Promise<void> {
  known = {};
  return set(OUTBOX_IDS_KEY, []);
}

/**
 * The server ids known in this page, without waiting for IndexedDB: set before the create leaves
 * the outbox's list, so a screen told of that change already finds its id here.
 */
export const knownServerIds = (): Readonly<Record<string, number>> => known;

/** The server's id of a create sent from the outbox, if known. */
export async function serverIdFor(key: string): Promise<number | null> {
  return (await readServerIds())[key] ?? null;
}

/** The id in a create's answer (`{ id: 12, ... }`), if any. */
export function answerId(answer: unknown): number | null {
  if (typeof answer !== 'object' || answer === null || !('id' in answer)) return null;
  return typeof answer.id === 'number' ? answer.id : null;
}

/** The request a waiting write makes once its create's server id is known. */
export function withServerId(
  entry: { url: string; body: unknown },
  waitsFor: WaitsFor,
  id: number,
): { url: string; body: unknown } {
  if (waitsFor.localId !== undefined) return withLocalIdReplaced(entry, waitsFor.localId, id);
  const body =
    typeof entry.body === 'object' && entry.body !== null && !Array.isArray(entry.body)
      ? { ...entry.body, [waitsFor.field]: id }
      : entry.body;
  return { url: entry.url.split(`{${waitsFor.field}}`).join(String(id)), body };
}
