import { get, set } from 'idb-keyval';
import type { WaitsFor } from './entry.ts';
import { withLocalIdReplaced } from './local-ids.ts';

/**
 * The server's ids of creates sent from the outbox, by the create's Idempotency-Key (decision
 * 036): a write about a vehicle made without signal names it by that key until the server gave it
 * an id, and is sent with the id once it is known.
 */

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

/**
 * The request a kept write makes: as kept, or rewritten with the server's id of the create it
 * waits for; null while that create has no server id yet.
 */
export function requestOf(
  entry: { url: string; body: unknown; subject?: number; waitsFor?: WaitsFor | null },
  serverIds: Readonly<Record<string, number>>,
): { url: string; body: unknown; subject?: number } | null {
  if (!entry.waitsFor) return entry;
  const id = serverIds[entry.waitsFor.key];
  return id === undefined ? null : withServerId(entry, entry.waitsFor, id);
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
