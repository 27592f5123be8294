import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import { STANDIN_PASSWORD, STANDIN_USERS } from '../tools/traccar-standin/standin-seed.ts';
import { traccarRig } from './traccar-helpers.ts';

/**
 * Traccar signs a user in by its e-mail or by its `login` name (an LDAP account's, say): both are
 * the same account here, for the session and for the per-account sign-in limit (decision 038).
 */
describe('FLEET_PROVIDER=traccar: a user with a login name besides its e-mail', () => {
  const rig = traccarRig({ per: 'each' });

  const attempt = (username: string, password: string, remoteAddress: string) =>
    rig.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { username, password, rememberMe: false },
    });

  it('signs in by either name, as one user with its agencies', async () => {
    const byLogin = await attempt(' RRural ', STANDIN_PASSWORD, '192.0.2.20');
    expect(byLogin.statusCode).toBe(200);
    const byEmail = await attempt(STANDIN_USERS.rural.email, STANDIN_PASSWORD, '192.0.2.21');
    expect(byEmail.statusCode).toBe(200);
    const [a, b] = [byLogin.json<LoginResponse>().user, byEmail.json<LoginResponse>().user];
    expect(a.id).toBe(b.id);
    expect(a.name).toBe(STANDIN_USERS.rural.name);
    expect(a.clientIds).toHaveLength(1);
  });

  it('5 wrong by the login name, then the e-mail of that never-seen account waits too', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('rrural', 'wrong', `192.0.2.${String(30 + i)}`)).statusCode).toBe(401);
    const byEmail = await attempt(STANDIN_USERS.rural.email, STANDIN_PASSWORD, '192.0.2.40');
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    // Another account is not held up by it.
    expect((await attempt(STANDIN_USERS.installer.email, STANDIN_PASSWORD, '192.0.2.41')).statusCode).toBe(
      200,
    );
  });

  it('a name no Traccar account has is counted on its own; a burst of them reads the users once', async () => {
    const before = rig.standin.reads.get('/api/users') ?? 0;
    for (let i = 0; i < 5; i++)
      expect((await attempt('ghost', 'wrong', `192.0.2.${String(50 + i)}`)).statusCode).toBe(401);
    expect((await attempt('ghost', 'wrong', '192.0.2.60')).statusCode).toBe(429);
    expect((await attempt('rrural', STANDIN_PASSWORD, '192.0.2.61')).statusCode).toBe(200);
    expect((rig.standin.reads.get('/api/users') ?? 0) - before).toBe(1);
  });
});
