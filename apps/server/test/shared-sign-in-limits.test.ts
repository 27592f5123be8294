import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { queryRows } from '../src/db/query.ts';
import { progressiveWaitMs } from '../src/lib/rate-limiter.ts';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers.ts';

describe('progressiveWaitMs', () => {
  const options = { freeFailures: 5, baseDelayMs: 2000, maxDelayMs: 60_000, forgetAfterMs: 600_000 };
  it('lets the free failures through, then doubles the wait up to its ceiling', () => {
    expect(progressiveWaitMs(options, 4, 0)).toBe(0);
    expect(progressiveWaitMs(options, 5, 0)).toBe(2000);
    expect(progressiveWaitMs(options, 6, 500)).toBe(3500);
    expect(progressiveWaitMs(options, 30, 0)).toBe(60_000);
    expect(progressiveWaitMs(options, 30, 600_000)).toBe(0);
  });
});

/** Decision 021: the sign-in limits hold whichever process answers (two apps, one database). */
describe('sign-in limits shared by every process', () => {
  let ctx: TestContext;
  let other: App;
  beforeAll(async () => {
    ctx = await createTestContext();
    other = (
      await buildApp({
        config: ctx.config,
        database: ctx.database,
        fleet: { provider: ctx.simulator, simulator: ctx.simulator },
        background: false,
      })
    ).app;
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  const attempt = (app: App, username: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username, password } });

  it('counts failures made through one process against a sign-in through the other', async () => {
    expect((await attempt(ctx.app, 'rival', DEMO_PASSWORD, '192.0.2.30')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await attempt(ctx.app, 'rival', 'wrong', `192.0.2.${String(31 + i)}`)).statusCode).toBe(401);
    const elsewhere = await attempt(other, 'rival', DEMO_PASSWORD, '192.0.2.40');
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThan(0);
    expect(elsewhere.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });

  it('keeps the counts in the database and clears an account after its owner signs in', async () => {
    const before = await queryRows<{ key: string; count: number }>(
      ctx.deps.db,
      sql`select key, count from sign_in_failures where key like 'account:%'`,
    );
    expect(before.some((r) => Number(r.count) >= 5)).toBe(true);
    await queryRows(ctx.deps.db, sql`update sign_in_failures set last_at = now() - interval '1 hour'`);
    expect((await attempt(other, 'rival', DEMO_PASSWORD, '192.0.2.41')).statusCode).toBe(200);
    const after = await queryRows<{ key: string }>(
      ctx.deps.db,
      sql`select key from sign_in_failures where key like 'account:%'`,
    );
    expect(after).toEqual([]);
  });

  it('starts a key again from one when its last failure is older than the forget window', async () => {
    await attempt(ctx.app, 'nobody-here', 'wrong', '192.0.2.50');
    await queryRows(
      ctx.deps.db,
      sql`update sign_in_failures set count = 40, last_at = now() - interval '1 hour'`,
    );
    await attempt(other, 'nobody-here', 'wrong', '192.0.2.50');
    const [row] = await queryRows<{ count: number }>(
      ctx.deps.db,
      sql`select count from sign_in_failures where key = 'address:192.0.2.50'`,
    );
    expect(Number(row?.count)).toBe(1);
  });
});
