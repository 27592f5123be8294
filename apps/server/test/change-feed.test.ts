import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query.ts';
import { announceLocalChange, ChangeFeed, type ChangeHandlers } from '../src/lib/change-feed.ts';
import { bearer, createTestContext, login, type TestContext } from './helpers.ts';

async function manualFeed(): Promise<{ feed: ChangeFeed; handlers: ChangeHandlers }> {
  const feed = new ChangeFeed();
  const holder: { handlers?: ChangeHandlers } = {};
  await feed.start((h) => {
    holder.handlers = h;
    return Promise.resolve({ stop: () => Promise.resolve() });
  });
  if (!holder.handlers) throw new Error('not listening');
  return { feed, handlers: holder.handlers };
}

describe('ChangeFeed', () => {
  it('holds nothing until the listener is up, and forgets everything when it goes down or back up', async () => {
    const { feed, handlers } = await manualFeed();
    handlers.notify('c:1:5:');
    expect(feed.agency(1)).toBeUndefined();
    handlers.up();
    handlers.notify('c:1:5:');
    expect(feed.agency(1)).toEqual({ revision: 5, syncedAt: null });
    handlers.down();
    expect(feed.isLive()).toBe(false);
    expect(feed.agency(1)).toBeUndefined();
    handlers.up();
    expect(feed.agency(1)).toBeUndefined();
    await feed.stop();
  });

  it('keeps the newest revision and pull whatever order reads and notifications arrive in', async () => {
    const { feed, handlers } = await manualFeed();
    handlers.up();
    const ticket = feed.ticket();
    handlers.notify('c:3:8:1700000000000');
    feed.rememberAgency(3, { revision: 7, syncedAt: '2023-11-14T22:00:00.000Z' }, ticket); // read earlier
    expect(feed.agency(3)).toEqual({ revision: 8, syncedAt: '2023-11-14T22:13:20.000Z' });
    feed.rememberAgency(3, { revision: 9, syncedAt: '2023-11-15T00:00:00.000Z' }, feed.ticket());
    expect(feed.agency(3)).toEqual({ revision: 9, syncedAt: '2023-11-15T00:00:00.000Z' });
    await feed.stop();
  });

  it('keeps nothing read before a reconnect, and ignores payloads it does not know', async () => {
    const { feed, handlers } = await manualFeed();
    handlers.up();
    const ticket = feed.ticket();
    handlers.down();
    handlers.up();
    feed.rememberAgency(4, { revision: 1, syncedAt: null }, ticket);
    expect(feed.agency(4)).toBeUndefined();
    for (const bad of ['', 'c', 'c:x:1:', 'c:1:y:', 'c:1:2:z', 'x:1', 's:', 'c:1e400:1:'])
      handlers.notify(bad);
    expect(feed.agency(1)).toBeUndefined();
    await feed.stop();
  });

  it('forgets an agency this process just wrote, until it reads it again', async () => {
    const { feed, handlers } = await manualFeed();
    handlers.up();
    handlers.notify('c:6:2:');
    announceLocalChange(6);
    expect(feed.agency(6)).toBeUndefined();
    await feed.stop();
  });
});

describe('the change feed on the database (PGlite here, PostgreSQL in the pg pass)', () => {
  let ctx: TestContext;
  let token = '';
  let clientId = 0;
  beforeAll(async () => {
    ctx = await createTestContext({ SESSION_CACHE_TTL_MS: '300000' });
    const session = await login(ctx);
    token = session.token;
    clientId = session.user.clientIds[0] ?? 0;
  });
  afterAll(() => ctx.close());

  // Waits for a condition (a PostgreSQL listener hears of a commit a moment after it, longer on a
  // loaded machine); the bound is only there to fail with a message before the test times out.
  const eventually = async (check: () => Promise<boolean> | boolean) => {
    for (let i = 0; i < 1000; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('not seen within 20 s');
  };

  it('is live, and holds an agency after a read', async () => {
    expect(ctx.deps.changes.isLive()).toBe(true);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(ctx.deps.changes.agency(clientId)).toBeDefined();
  });

  it('sees a commit made straight in the database, and nothing of a rollback', async () => {
    const [row] = await queryRows<{ revision: number }>(
      ctx.deps.db,
      sql`select revision from clients where id = ${clientId}`,
    );
    const before = Number(row?.revision);
    await ctx.deps.db
      .transaction(async (tx) => {
        await queryRows(tx, sql`update clients set revision = revision + 5 where id = ${clientId}`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await queryRows(ctx.deps.db, sql`update clients set revision = revision + 1 where id = ${clientId}`);
    await eventually(() => ctx.deps.changes.agency(clientId)?.revision === before + 1);
    const synced = '2030-01-02T03:04:05.678Z';
    await queryRows(
      ctx.deps.db,
      sql`update clients set synced_at = ${synced}::timestamptz where id = ${clientId}`,
    );
    await eventually(() => ctx.deps.changes.agency(clientId)?.syncedAt === synced);
    const overview = await ctx.app.inject({
      method: 'GET',
      url: `/api/clients/${String(clientId)}/overview`,
      headers: bearer(token),
    });
    expect(overview.json<{ lastSyncedAt: string }>().lastSyncedAt).toBe(synced);
  });

  it('answers the same bytes as the schema would, and another agency still answers 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await ctx.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) });
    expect(again.body).toBe(res.body);
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/clients/999999/overview',
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
