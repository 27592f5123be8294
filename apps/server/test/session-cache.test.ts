import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query.ts';
import { ChangeFeed, type ChangeHandlers } from '../src/lib/change-feed.ts';
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

/** A change feed driven by hand: `handlers` is what a listener would call. */
async function liveFeed(): Promise<{ feed: ChangeFeed; handlers: ChangeHandlers }> {
  const feed = new ChangeFeed();
  const holder: { handlers?: ChangeHandlers } = {};
  await feed.start((h) => {
    holder.handlers = h;
    h.up();
    return Promise.resolve({ stop: () => Promise.resolve() });
  });
  if (!holder.handlers) throw new Error('not listening');
  return { feed, handlers: holder.handlers };
}

describe('SessionCache', () => {
  it('keeps a session for its TTL, never past the session expiry', async () => {
    let now = 0;
    const { feed } = await liveFeed();
    const cache = new SessionCache(feed, 1000, 10, () => now);
    cache.set('a', session(1, 1), cache.ticket());
    cache.set('b', session(2, 1, 500), cache.ticket());
    now = 499;
    expect(cache.get('a')?.sessionId).toBe(1);
    expect(cache.get('b')?.sessionId).toBe(2);
    now = 500;
    expect(cache.get('b')).toBeNull();
    now = 1000;
    expect(cache.get('a')).toBeNull();
  });

  it('forgets a session, or every session of a user, as soon as the feed says so', async () => {
    const { feed, handlers } = await liveFeed();
    const cache = new SessionCache(feed, 60_000);
    cache.set('a', session(1, 7), cache.ticket());
    cache.set('b', session(2, 7), cache.ticket());
    cache.set('c', session(3, 8), cache.ticket());
    handlers.notify('s:1');
    expect(cache.get('a')).toBeNull();
    handlers.notify('u:7');
    expect(cache.get('b')).toBeNull();
    expect(cache.get('c')?.sessionId).toBe(3);
  });

  it('does not cache a session read while a session or user changed', async () => {
    const { feed, handlers } = await liveFeed();
    const cache = new SessionCache(feed, 60_000);
    const ticket = cache.ticket();
    handlers.notify('s:99'); // arrives while the session is being read
    cache.set('a', session(1, 7), ticket);
    expect(cache.get('a')).toBeNull();
  });

  it('serves nothing while the listener is down, and forgets everything when it reconnects', async () => {
    const { feed, handlers } = await liveFeed();
    const cache = new SessionCache(feed, 60_000);
    cache.set('a', session(1, 7), cache.ticket());
    const ticket = cache.ticket();
    handlers.down();
    expect(cache.get('a')).toBeNull();
    cache.set('b', session(2, 7), cache.ticket());
    handlers.up();
    cache.set('c', session(3, 7), ticket); // read before the reconnect
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toBeNull();
    expect(cache.get('c')).toBeNull();
  });

  it('is bounded, and off with a TTL of 0', async () => {
    const { feed } = await liveFeed();
    const cache = new SessionCache(feed, 60_000, 2);
    cache.set('a', session(1, 1), cache.ticket());
    cache.set('b', session(2, 1), cache.ticket());
    cache.set('c', session(3, 1), cache.ticket());
    expect(cache.get('a')).toBeNull();
    expect(cache.get('c')?.sessionId).toBe(3);
    const off = new SessionCache(feed, 0);
    off.set('a', session(1, 1), off.ticket());
    expect(off.get('a')).toBeNull();
  });
});

describe('sessions cached per process (decisions 023 and 028)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SESSION_CACHE_TTL_MS: '60000' });
  });
  afterAll(() => ctx.close());

  const verify = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });

  it('answers a known token without reading the session again', async () => {
    const { token } = await login(ctx);
    expect((await verify(token)).statusCode).toBe(200);
    // The session row is gone (behind the change feed's back), yet the cached session answers.
    await queryRows(ctx.deps.db, sql`alter table sessions disable trigger sessions_change_feed`);
    await queryRows(ctx.deps.db, sql`update sessions set token_hash = 'moved-' || token_hash`);
    await queryRows(ctx.deps.db, sql`alter table sessions enable trigger sessions_change_feed`);
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('refuses a token at once after logout on this process', async () => {
    const { token } = await login(ctx);
    expect((await verify(token)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect((await verify(token)).statusCode).toBe(401);
  });

  it('refuses at once a session revoked elsewhere (the change feed), long before the TTL', async () => {
    const { token } = await login(ctx);
    expect((await verify(token)).statusCode).toBe(200);
    const revoked = await queryRows<{ id: number }>(
      ctx.deps.db,
      sql`select id from sessions where revoked_at is null`,
    );
    // PGlite hands a notification over with the commit, a PostgreSQL listener a moment later (on a
    // loaded machine, many moments): wait until the feed has told of every revoked session.
    const waiting = new Set(revoked.map((r) => Number(r.id)));
    const heard = new Promise<void>((resolve) => {
      const off = ctx.deps.changes.onSessionEvent((event) => {
        if (event.kind === 'session') waiting.delete(event.id);
        if (event.kind === 'reset' || waiting.size === 0) {
          off();
          resolve();
        }
      });
    });
    // Revoked by another process (here: straight in the database); its notification evicts it.
    await queryRows(ctx.deps.db, sql`update sessions set revoked_at = now() where revoked_at is null`);
    await heard;
    const after = await verify(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
