import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { AuthUser } from '../../lib/types.ts';

export interface CachedSession {
  sessionId: number;
  user: AuthUser;
  /** Epoch ms: when the session was last marked used, and when it expires. */
  lastUsedAt: number;
  expiresAt: number;
}

/** A ticket of the change feed, taken before the session was read from the database. */
type SessionTicket = ReturnType<ChangeFeed['ticket']>;

/**
 * Sessions read from the database, by token hash (decisions 023 and 028): a request with a known
 * token costs no query. The cache is used only while the change feed is live: a session revoked,
 * deleted or whose user changed, on any process, is forgotten as soon as its notification
 * arrives; a session read while such a change was on its way is not cached; when the listener
 * drops or reconnects, everything is forgotten. `ttlMs` bounds how long an entry is trusted
 * anyway (0 turns the cache off), never past the session's expiry; bounded in size.
 */
export class SessionCache {
  private readonly byHash = new Map<string, CachedSession & { cachedAt: number }>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    feed.onSessionEvent((event) => {
      if (event.kind === 'reset') this.byHash.clear();
      else if (event.kind === 'session') this.forgetSession(event.id);
      else this.forgetUser(event.id);
    });
  }

  get(tokenHash: string): CachedSession | null {
    const hit = this.byHash.get(tokenHash);
    if (!hit) return null;
    const t = this.now();
    if (!this.feed.isLive() || t - hit.cachedAt >= this.ttlMs || hit.expiresAt <= t) {
      this.byHash.delete(tokenHash);
      return null;
    }
    return hit;
  }

  /** Takes a ticket before reading a session: `set` keeps it only if nothing changed meanwhile. */
  ticket(): SessionTicket {
    return this.feed.ticket();
  }

  set(tokenHash: string, session: CachedSession, ticket: SessionTicket): void {
    if (this.ttlMs <= 0 || !this.feed.sessionTicketHolds(ticket)) return;
    this.byHash.delete(tokenHash);
    this.byHash.set(tokenHash, { ...session, cachedAt: this.now() });
    if (this.byHash.size > this.maxEntries) {
      const oldest = this.byHash.keys().next();
      if (!oldest.done) this.byHash.delete(oldest.value);
    }
  }

  forgetSession(sessionId: number): void {
    for (const [hash, s] of this.byHash) if (s.sessionId === sessionId) this.byHash.delete(hash);
  }

  forgetUser(userId: number): void {
    for (const [hash, s] of this.byHash) if (s.user.id === userId) this.byHash.delete(hash);
  }
}
