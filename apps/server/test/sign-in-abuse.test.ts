import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers.ts';

/** Issue 11, points 7, 8 and 9: sign-in limits that hold, without locking out the owner. */
describe('sign-in abuse', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '1' });
  });
  afterAll(() => ctx.close());

  const attempt = (
    username: string,
    password: string,
    options: { remoteAddress?: string; forwardedFor?: string; cookie?: string } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: options.remoteAddress ?? '192.0.2.10',
      headers: {
        ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      payload: { username, password },
    });
  const deviceCookie = (setCookie: string | string[] | undefined) => {
    const line = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) =>
      c.startsWith('toolkit_device='),
    );
    return line?.split(';')[0] ?? '';
  };

  it('point 7: behind one trusted proxy, the client cannot pick its address with X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await attempt(`nobody-${String(i)}`, 'wrong', {
        remoteAddress: '10.0.0.2',
        forwardedFor: `198.18.${String(i)}.1, 203.0.113.50`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it('point 8: signing in by e-mail counts against the same account', async () => {
    expect((await attempt('rival', DEMO_PASSWORD, { remoteAddress: '192.0.2.20' })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await attempt('rival', 'wrong', { remoteAddress: '192.0.2.21' });
    const byEmail = await attempt('rival@installer-toolkit.local', 'wrong', { remoteAddress: '192.0.2.22' });
    expect(byEmail.statusCode).toBe(429);
  });

  it("point 9: someone else's guesses do not lock out a device that signed in before; 429s carry Retry-After", async () => {
    const first = await attempt('demo', DEMO_PASSWORD, { remoteAddress: '192.0.2.30' });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first.headers['set-cookie']);
    expect(cookie).toMatch(/^toolkit_device=.{20,}/);
    for (let i = 0; i < 6; i++) await attempt('demo', 'wrong', { remoteAddress: '192.0.2.31' });
    const attacker = await attempt('demo', DEMO_PASSWORD, { remoteAddress: '192.0.2.31' });
    expect(attacker.statusCode).toBe(429);
    const retryAfter = Number(attacker.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    // Progressive delay: seconds after a handful of failures, not a 15-minute lockout.
    expect(retryAfter).toBeLessThanOrEqual(60);
    const owner = await attempt('demo', DEMO_PASSWORD, { remoteAddress: '192.0.2.30', cookie });
    expect(owner.statusCode).toBe(200);
  });

  it('point 9: a depot address full of failures does not lock out a known device behind it', async () => {
    const depot = '192.0.2.40';
    const first = await attempt('newcomer', DEMO_PASSWORD, { remoteAddress: depot });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first.headers['set-cookie']);
    for (let i = 0; i < 32; i++) await attempt(`typo-${String(i)}`, 'wrong', { remoteAddress: depot });
    const stranger = await attempt('someone-new', 'wrong', { remoteAddress: depot });
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('newcomer', DEMO_PASSWORD, { remoteAddress: depot, cookie })).statusCode).toBe(200);
  });
});

/**
 * Issue 27, point 9 (decision 038): an account that has not signed in to this server yet is
 * counted as one account whichever name it is guessed by: the fleet system says which account a
 * login names, so 5 wrong by its username leave no fresh guesses by its e-mail.
 */
describe('sign-in abuse of an account this server has not seen', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const attempt = (username: string, password: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { username, password },
    });

  it('5 wrong by username, then a wrong by e-mail of the same never-seen account is limited', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('rival', 'wrong', `192.0.2.${String(50 + i)}`)).statusCode).toBe(401);
    const byEmail = await attempt('RIVAL@installer-toolkit.local', 'wrong', '192.0.2.60');
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed sign-in attempts. Try again in 1 minute.',
    });
    expect(Number(byEmail.headers['retry-after'])).toBeGreaterThan(0);
    // The right password by e-mail waits too: the limit is the account's, not the string's.
    expect((await attempt('rival@installer-toolkit.local', DEMO_PASSWORD, '192.0.2.61')).statusCode).toBe(
      429,
    );
  });

  it('a login no account has is still counted on its own', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('no-such-person', 'wrong', `192.0.2.${String(70 + i)}`)).statusCode).toBe(401);
    expect((await attempt('no-such-person', 'wrong', '192.0.2.80')).statusCode).toBe(429);
    expect((await attempt('no-such-person@else.where', 'wrong', '192.0.2.81')).statusCode).toBe(401);
  });
});
