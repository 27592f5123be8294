import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export interface CachedBody {
  revision: number;
  /** The serialised list, encoded once: every request sends these bytes, none copies them. */
  body: Buffer;
  etag: string;
  /** Compressed copies, made once per revision on first demand. */
  variants: Map<Encoding, Promise<Buffer>>;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The body compressed as asked, computed once and shared by every request of that revision. */
export function compressedBody(entry: CachedBody, encoding: Encoding): Promise<Buffer> {
  let variant = entry.variants.get(encoding);
  if (!variant) {
    variant =
      encoding === 'br'
        ? brotli(entry.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
            },
          })
        : gz(entry.body, { level: 6 });
    entry.variants.set(encoding, variant);
  }
  return variant;
}

/** The best encoding the client accepts (brotli, then gzip), or null for none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map(
    acceptEncoding.split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** A JSON answer already serialised (built page by page): a cache stores its bytes as they are. */
export class JsonBody {
  constructor(readonly bytes: Buffer) {}
}

/**
 * A JSON array written page by page: only one page of rows and its text are alive at a time,
 * never the whole list as objects and as one string (15,000 devices: 10 MB of text).
 */
export async function jsonArrayOfPages(pages: AsyncIterable<readonly unknown[]>): Promise<JsonBody> {
  const chunks: Buffer[] = [Buffer.from('[')];
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    const json = JSON.stringify(page);
    chunks.push(Buffer.from(first ? json.slice(1, -1) : `,${json.slice(1, -1)}`));
    first = false;
  }
  chunks.push(Buffer.from(']'));
  return new JsonBody(Buffer.concat(chunks));
}

/**
 * Serialised list answers per agency, valid while the agency's revision is unchanged. Every
 * process checks the revision in the database, so several processes stay correct.
 */
export class RevisionCache {
  private readonly entries = new Map<number, CachedBody>();
  /** Builds in progress, per agency and revision: concurrent misses share one. */
  private readonly building = new Map<string, Promise<CachedBody>>();

  constructor(private readonly maxEntries = 200) {}

  /**
   * The cached body of this revision, or the one being built, or a new build. Many phones polling
   * right after a revision moved would otherwise each load and serialise the whole list at once
   * (a 5,000-bus agency's device list is 15,000 rows and 10 MB of JSON per copy).
   */
  getOrBuild(clientId: number, revision: number, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.get(clientId, revision);
    if (hit) return Promise.resolve(hit);
    const key = `${String(clientId)}:${String(revision)}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = load()
        .then((value) => this.set(clientId, revision, value))
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  get(clientId: number, revision: number): CachedBody | null {
    const hit = this.entries.get(clientId);
    return hit && hit.revision === revision ? hit : null;
  }

  set(clientId: number, revision: number, value: unknown): CachedBody {
    const body = value instanceof JsonBody ? value.bytes : Buffer.from(JSON.stringify(value));
    const etag = `W/"${String(revision)}-${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
    const entry: CachedBody = { revision, body, etag, variants: new Map() };
    this.entries.delete(clientId);
    this.entries.set(clientId, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return entry;
  }
}

/** Computed values per agency (counts), valid while the agency's revision is unchanged. */
export class RevisionMemo<T> {
  private readonly entries = new Map<number, { revision: number; value: T }>();

  constructor(private readonly maxEntries = 500) {}

  get(clientId: number, revision: number): T | undefined {
    const hit = this.entries.get(clientId);
    return hit && hit.revision === revision ? hit.value : undefined;
  }

  set(clientId: number, revision: number, value: T): T {
    this.entries.delete(clientId);
    this.entries.set(clientId, { revision, value });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return value;
  }
}
