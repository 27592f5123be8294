import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query.ts';
import { bearer, createTestContext, DEMO_PASSWORD, login, type TestContext } from './helpers.ts';

describe('sign-in and sessions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('signs in demo, returns a token and the user with their agencies', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'demo', password: DEMO_PASSWORD, rememberMe: true },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      token: string;
      user: { name: string; role: string; clientIds: number[] };
      expiresAt: string;
    }>();
    expect(body.token.length).toBeGreaterThanOrEqual(40);
    expect(body.user.role).toBe('installer');
    expect(body.user.name.length).toBeGreaterThan(0);
    expect(body.user.clientIds).toHaveLength(2);
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(20 * 86_400_000);
  });

  it('gives a session-only sign-in a shorter expiry', async () => {
    const body = await login(ctx, 'demo', false);
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeLessThan(86_400_000);
  });

  it('stores tokens only as a hash', async () => {
    const { token } = await login(ctx);
    const rows = await queryRows<{ token_hash: string }>(ctx.deps.db, sql`select token_hash from sessions`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('answers a wrong password with 401 and a message the client can show', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'demo', password: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username or password',
    });
  });

  it('answers empty fields with 400 in the spec words', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; issues: { path: string; message: string }[] }>();
    expect(body.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['Username is required', 'Password is required']),
    );
  });

  it('limits failed sign-ins per account', async () => {
    for (let i = 0; i < 5; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'rival', password: 'wrong' },
      });
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'rival', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json<{ message: string }>().message).toMatch(/Too many failed sign-in attempts/);
  });

  it('limits failed sign-ins per address, across accounts', async () => {
    const from = (remoteAddress: string, username: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { username, password },
      });
    for (let i = 0; i < 30; i++) await from('203.0.113.7', `guess-${String(i)}`, 'wrong');
    const blocked = await from('203.0.113.7', 'newcomer', DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toMatch(/Too many failed sign-in attempts/);
    expect((await from('198.51.100.4', 'newcomer', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 503 when the external system is down', async () => {
    ctx.simulator.setFailures({ outage: true });
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'demo', password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json<{ message: string }>().message).toMatch(/cannot be reached/);
    } finally {
      ctx.simulator.setFailures({ outage: false });
    }
  });

  it('verifies a token and revokes it at logout', async () => {
    const { token, user } = await login(ctx);
    const verify = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ user });
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/clients', headers: bearer('not-a-token') });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('gives newcomer a session with no agencies', async () => {
    const { user } = await login(ctx, 'newcomer');
    expect(user.clientIds).toEqual([]);
  });
});
