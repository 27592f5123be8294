import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import { STANDIN_PASSWORD, STANDIN_USERS } from '../tools/traccar-standin/standin-seed.ts';
import { bearer } from './helpers.ts';
import { traccarRig } from './traccar-helpers.ts';

/**
 * Roles from Traccar (issue 34): an administrator is admin, a manager (`userLimit` not 0) is
 * supervisor, anyone else installer; only a supervisor or an admin may create a campaign.
 */
describe('FLEET_PROVIDER=traccar: campaign roles', () => {
  const rig = traccarRig({ per: 'all' });
  const signIn = async (email: string) => {
    const res = await rig.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: email, password: STANDIN_PASSWORD, rememberMe: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LoginResponse>();
  };

  it('maps administrator, manager and user to admin, supervisor and installer', async () => {
    const admin = await signIn(STANDIN_USERS.admin.email);
    const manager = await signIn(STANDIN_USERS.manager.email);
    const installer = await signIn(STANDIN_USERS.installer.email);
    expect([admin.user.role, manager.user.role, installer.user.role]).toEqual([
      'admin',
      'supervisor',
      'installer',
    ]);
    const clientId = manager.user.clientIds[0] ?? 0;
    const create = (token: string, name: string) =>
      rig.ctx.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers: bearer(token),
        payload: { clientId, name, items: [{ key: 'done', label: 'Done', kind: 'manual' }] },
      });
    expect((await create(manager.token, 'Managed')).statusCode).toBe(201);
    const refused = await create(installer.token, 'Not allowed');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Only a supervisor or an administrator can do this.',
    });
  });
});
