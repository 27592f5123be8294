import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './app-error.ts';
import { sendCachedList } from './cached-list.ts';
import { compressedBody, pickEncoding, type CachedBody, type RevisionCache } from './revision-cache.ts';

/** What changed in a list after a revision: whole rows, and ids of rows that left it. */
interface ListChanges {
  upserts: { id: number }[];
  removed: number[];
}

/** Serialised deltas, per agency and starting revision, valid while the agency's revision is unchanged. */
export class DeltaCache {
  private readonly entries = new Map<string, CachedBody>();

  constructor(private readonly maxEntries = 500) {}

  get(clientId: number, since: number, revision: number): CachedBody | null {
    const hit = this.entries.get(`${String(clientId)}:${String(since)}`);
    return hit && hit.revision === revision ? hit : null;
  }

  set(clientId: number, since: number, revision: number, body: string): CachedBody {
    const key = `${String(clientId)}:${String(since)}`;
    const entry: CachedBody = {
      revision,
      body: Buffer.from(body),
      etag: deltaEtag(since, revision),
      variants: new Map(),
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return entry;
  }
}

/** Where a list is answered from, and the revision the phone holds. */
interface ListTarget {
  cache: RevisionCache;
  deltas: DeltaCache;
  clientId: number;
  since: number | undefined;
}

/** The agency's revision and oldest delta start, null when it does not exist. */
type DeltaWindow = (clientId: number) => Promise<{ revision: number; floor: number } | null>;

const deltaEtag = (since: number, revision: number) => `W/"${String(revision)}-since-${String(since)}"`;

/**
 * An agency-wide list, or only what changed after the revision the phone holds (`since`,
 * decision 022). Without `since`, or when the delta cannot be answered from it (older than the
 * kept tombstones, or newer than the agency: another database), the full list as before. A phone
 * that holds the current revision gets 304. The revision is read before the rows, so a change
 * committed meanwhile is at worst sent twice, never missed.
 */
async function sendListOrDelta(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ListTarget & {
    window: DeltaWindow;
    load: () => Promise<unknown>;
    changes: (since: number) => Promise<ListChanges>;
  },
): Promise<FastifyReply> {
  const { clientId, since } = options;
  const window = await options.window(clientId);
  if (window === null) throw notFound('Client');
  const { revision, floor } = window;
  if (since === undefined || since < floor || since > revision) {
    return sendCachedList(request, reply, { ...options, revision: () => Promise.resolve(revision) });
  }
  reply
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Accept-Encoding')
    .header('X-Revision', String(revision));
  if (since === revision) return reply.header('ETag', deltaEtag(since, revision)).status(304).send();
  let entry = options.deltas.get(clientId, since, revision);
  if (!entry) {
    const { upserts, removed } = await options.changes(since);
    const present = new Set(upserts.map((row) => row.id));
    const body = JSON.stringify({
      revision,
      full: false,
      upserts,
      removed: removed.filter((id) => !present.has(id)),
    });
    entry = options.deltas.set(clientId, since, revision, body);
  }
  reply.header('ETag', entry.etag);
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = entry.body.length >= 1024 ? pickEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(entry.body);
  return reply.header('Content-Encoding', encoding).send(await compressedBody(entry, encoding));
}

/**
 * An agency's list route (vehicles, devices): the agency's first pull is awaited before its
 * revision is read, so an agency not yet mirrored never answers an empty list as the truth.
 */
export function sendAgencyList(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ListTarget & {
    firstPull: (clientId: number) => Promise<void>;
    source: {
      deltaWindow: DeltaWindow;
      load: () => Promise<unknown>;
      changedSince: (since: number) => Promise<ListChanges>;
    };
  },
): Promise<FastifyReply> {
  const { source, firstPull, ...rest } = options;
  return sendListOrDelta(request, reply, {
    ...rest,
    window: async (id) => {
      await firstPull(id);
      return source.deltaWindow(id);
    },
    load: source.load,
    changes: source.changedSince,
  });
}
