import type { AuthUser } from '../../lib/types.ts';

export interface CachedSession {
  sessionId: number;
  user: AuthUser;
  /** Epoch ms: when the session was last marked used, and when it expires. */
  lastUsedAt: number;
  expiresAt: number;
}

/**
 * Sessions recently read from the database, by token hash, for a short time (decision 023): a
 * request with a known token costs no query. Logout on this process forgets its session at once
 * and a sign-in forgets the user's other sessions (their agencies may have changed); a session
 * revoked by another process is honoured here after at most `ttlMs`. Bounded in size.
 */
export class SessionCache {
  private readonly byHash = new Map<string, CachedSession & { cachedAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): CachedSession | null {
    const hit = this.byHash.get(tokenHash);
    if (!hit) return null;
    const t = this.now();
    if (t - hit.cachedAt >= this.ttlMs || hit.expiresAt <= t) {
      this.byHash.delete(tokenHash);
      return null;
    }
    return hit;
  }

  set(tokenHash: string, session: CachedSession): void {
    if (this.ttlMs <= 0) return;
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
