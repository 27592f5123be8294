import { kindOf, type OutboxEntry, type WaitsFor } from './entry.ts';

/**
 * Local ids (issue 33, decision 043): a thing made on this phone without signal (a vehicle) has a
 * made-up id at once, derived from its create's Idempotency-Key: negative (never a server id) and
 * the same on every render. Screens use it as they use a server id; a write that names it is held
 * and rewritten by the outbox itself (never by the screens) once the server gave the real id.
 */
export function localIdOf(createKey: string): number {
  let hash = 0;
  for (let i = 0; i < createKey.length; i++) hash = (Math.imul(hash, 31) + createKey.charCodeAt(i)) | 0;
  return -1 - (hash & 0x7fffffff);
}

/**
 * Whether an entry makes something other writes may name by its local id. Entries kept by a
 * version before `creates` was written: a vehicle's create (the only such create then).
 */
export const isCreate = (entry: Pick<OutboxEntry, 'creates' | 'kind' | 'idempotencyKey'>): boolean =>
  entry.creates ?? kindOf(entry) === 'vehicle-create';

type Write = { url: string; body: unknown; subject?: number };

/** The top-level body fields, URL path segments and subject of a write that hold this id. */
function naming(write: Write, id: number): { fields: string[]; inUrl: boolean } {
  const body = write.body;
  const fields =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? Object.entries(body).flatMap(([k, v]) => (v === id ? [k] : []))
      : [];
  const inUrl = write.url.split('?')[0]?.split('/').includes(String(id)) ?? false;
  return { fields, inUrl: inUrl || write.subject === id };
}

/**
 * The create a new write waits for: the first local id of a create (kept, or already sent with its
 * server id known) that the write names in its body or URL. Null: it names none.
 */
export function waitOf(write: Write, creates: readonly string[]): (WaitsFor & { localId: number }) | null {
  for (const key of creates) {
    const localId = localIdOf(key);
    const { fields, inUrl } = naming(write, localId);
    if (fields.length > 0 || inUrl) return { key, field: fields[0] ?? 'id', localId };
  }
  return null;
}

/**
 * A new write as the outbox keeps it: naming a create's local id (`createKeys`: kept creates, and
 * sent ones whose server id is in `serverIds`), it is rewritten with the server id when known, else
 * held until its create went (`waitsFor`).
 */
export function asKept<T extends OutboxEntry>(
  entry: T,
  createKeys: readonly string[],
  serverIds: Readonly<Record<string, number>>,
): T {
  const wait = waitOf(entry, createKeys);
  if (!wait) return entry;
  const serverId = serverIds[wait.key];
  return serverId === undefined
    ? { ...entry, waitsFor: wait }
    : { ...entry, ...withLocalIdReplaced(entry, wait.localId, serverId) };
}

/** The request with the server's id in place of the local id (body fields and URL segments). */
export function withLocalIdReplaced(
  write: Write,
  localId: number,
  serverId: number,
): { url: string; body: unknown; subject?: number } {
  const { fields } = naming(write, localId);
  const body =
    fields.length > 0 && typeof write.body === 'object' && write.body !== null
      ? { ...write.body, ...Object.fromEntries(fields.map((f) => [f, serverId])) }
      : write.body;
  const [path = '', query] = write.url.split('?');
  const url = path
    .split('/')
    .map((segment) => (segment === String(localId) ? String(serverId) : segment))
    .join('/');
  return {
    url: query === undefined ? url : `${url}?${query}`,
    body,
    ...(write.subject === undefined ? {} : { subject: write.subject === localId ? serverId : write.subject }),
  };
}
