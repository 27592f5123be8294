import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query.ts';
import { SessionCache, type CachedSession } from '../src/modules/auth/session-cache.ts';
import { bearer, createTestContext, login, type TestContext } from './helpers.ts';

const session = (sessionId: number, userId: number, expiresAt = Number.MAX_SAFE_INTEGER): CachedSession => ({
  sessionId,
  user: {
    id: userId,
    username: `u${String(userId)}`,
    name: 'U',
    role: 'installer',
    clientIds: [],
    createdAt: '',
  },
  lastUsedAt: 0,
  expiresAt,
});

describe('SessionCache', () => {
  it('keeps a session for its TTL, never past the session expiry', () => {
    let now = 0;
    const cache = new SessionCache(1000, 10, () => now);
    cache.set('a', session(1, 1));
    cache.set('b', session(2, 1, 500));
    now = 499;
    expect(cache.get('a')?.sessionId).toBe(1);
    expect(cache.get('b')?.sessionId).toBe(2);
    now = 500;
    expect(cache.get('b')).toBeNull();
    now = 1000;
    expect(cache.get('a')).toBeNull();
  });

  it('forgets a session, or every session of a user, at once', () => {
    const cache = new SessionCache(60_000);
    cache.set('a', session(1, 7));
    cache.set('b', session(2, 7));
    cache.set('c', session(3, 8));
    cache.forgetSession(1);
    expect(cache.get('a')).toBeNull();
    cache.forgetUser(7);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('c')?.sessionId).toBe(3);
  });

  it('is bounded, and off with a TTL of 0', () => {
    const cache = new SessionCache(60_000, 2);
    cache.set('a', session(1, 1));
    cache.set('b', session(2, 1));
    cache.set('c', session(3, 1));
    expect(cache.get('a')).toBeNull();
    expect(cache.get('c')?.sessionId).toBe(3);
    const off = new SessionCache(0);
    off.set('a', session(1, 1));
    expect(off.get('a')).toBeNull();
  });
});

describe('sessions cached per process (decision 023)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SESSION_CACHE_TTL_MS: '400' });
  });
  afterAll(() => ctx.close());

  const verify = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });

  it('answers a known token without reading the session again', async () => {
    const { token } = await login(ctx);
    expect((await verify(token)).statusCode).toBe(200);
    // The session row is gone, yet the cached session still answers (within the TTL).
    await queryRows(ctx.deps.db, sql`update sessions set token_hash = 'moved-' || token_hash`);
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('refuses a token at once after logout on this process', async () => {
    const { token } = await login(ctx);
    expect((await verify(token)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect((await verify(token)).statusCode).toBe(401);
  });

  it('honours a revocation made by another process within the TTL', async () => {
    const { token } = await login(ctx);
    expect((await verify(token)).statusCode).toBe(200);
    // Another process revokes it: this one still trusts its copy, for at most the TTL.
    await queryRows(ctx.deps.db, sql`update sessions set revoked_at = now() where revoked_at is null`);
    expect((await verify(token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 450));
    const after = await verify(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
