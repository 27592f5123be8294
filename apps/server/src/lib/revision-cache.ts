import { createHash } from 'node:crypto';

export interface CachedBody {
  revision: number;
  body: string;
  etag: string;
}

/**
 * Serialised list answers per agency, valid while the agency's revision is unchanged. Every
 * process checks the revision in the database, so several processes stay correct.
 */
export class RevisionCache {
  private readonly entries = new Map<number, CachedBody>();

  constructor(private readonly maxEntries = 200) {}

  get(clientId: number, revision: number): CachedBody | null {
    const hit = this.entries.get(clientId);
    return hit && hit.revision === revision ? hit : null;
  }

  set(clientId: number, revision: number, value: unknown): CachedBody {
    const body = JSON.stringify(value);
    const etag = `W/"${String(revision)}-${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
    const entry = { revision, body, etag };
    this.entries.delete(clientId);
    this.entries.set(clientId, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return entry;
  }
}
