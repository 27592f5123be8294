import { describe, expect, it } from 'vitest';
import { PLATFORM_RIGHTS_MESSAGES, SIGN_IN_MESSAGES, type LoginResponse } from '@toolkit/contracts/auth.ts';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import { STANDIN_PASSWORD, STANDIN_USERS } from '../tools/traccar-standin/standin-seed.ts';
import { totpCode } from '../tools/traccar-standin/standin-totp.ts';
import { queryRows } from '../src/db/query.ts';
import { sql } from 'drizzle-orm';
import { WAITING_FOR_USER } from '../src/modules/sync/outbox.service.ts';
import { bearer, signInToTraccar, traccarRig, type TraccarRig } from './traccar-helpers.ts';

/**
 * Issue 32, section 1 and 4: every write reaches Traccar as the installer who made it, under their
 * own Traccar rights (the stand-in checks them as PermissionsService does), and sign-in meets real
 * accounts (two-factor, disabled, expired).
 */

const userId = (rig: TraccarRig, email: string): number => {
  for (const u of rig.standin.state.users.values()) if (u.email === email) return u.id;
  throw new Error(`no stand-in user ${email}`);
};

async function metroOf(rig: TraccarRig, token: string) {
  const clients = (
    await rig.ctx.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) })
  ).json<Client[]>();
  const metro = clients.find((c) => c.name === 'Metro Transit');
  if (!metro) throw new Error('no Metro');
  const devices = (
    await rig.ctx.app.inject({
      method: 'GET',
      url: `/api/devices/client/${String(metro.id)}`,
      headers: bearer(token),
    })
  ).json<Device[]>();
  return { metro, devices };
}

function signIn(rig: TraccarRig, username: string, extra: { code?: string; password?: string } = {}) {
  return rig.ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: extra.password ?? STANDIN_PASSWORD, rememberMe: false, code: extra.code },
    remoteAddress: '198.51.100.7',
  });
}

describe('FLEET_PROVIDER=traccar: writes go as the installer, under their own rights', () => {
  const rig = traccarRig({
    per: 'each',
    overrides: { PLATFORM_ACCESS_CHECK_MS: '1000', LOG_LEVEL: 'error' },
  });

  const assign = (token: string, clientId: number, vehicleId: number, deviceId: string) =>
    rig.ctx.app.inject({
      method: 'POST',
      url: '/api/devices/assign',
      headers: bearer(token),
      payload: { clientId, vehicleId, deviceIds: [deviceId] },
    });

  it('an assignment reaches Traccar with the installer’s own token: its log names them, not the administrator', async () => {
    const { token } = await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email);
    const { metro, devices } = await metroOf(rig, token);
    const spare = devices.find((d) => d.vehicleId === null && d.type === 'GPS');
    const target = devices.find((d) => d.vehicleId !== null);
    if (!spare || target?.vehicleId == null) throw new Error('fixture');
    const before = rig.standin.writes.length;
    const res = await assign(token, metro.id, target.vehicleId, spare.deviceId);
    expect(res.statusCode).toBe(200);
    const puts = rig.standin.writes.slice(before).filter((w) => w.method === 'PUT');
    expect(puts.length).toBe(1);
    expect(puts[0]?.userId).toBe(userId(rig, STANDIN_USERS.installer.email));
  });

  it('the token made at sign-in expires with the session and is kept sealed, never in clear', async () => {
    const login = await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email);
    const rows = await queryRows<{ sealed: string; expires_at: Date | string | null }>(
      rig.ctx.deps.db,
      sql`select sealed, expires_at from platform_credentials`,
    );
    expect(rows.length).toBe(1);
    const held = [...rig.standin.state.tokens.keys()].filter(
      (t) => rig.standin.state.tokens.get(t) === userId(rig, STANDIN_USERS.installer.email),
    );
    expect(held.length).toBeGreaterThan(0);
    for (const t of held) expect(rows[0]?.sealed).not.toContain(t);
    const expires = new Date(String(rows[0]?.expires_at)).getTime();
    expect(Math.abs(expires - Date.parse(login.expiresAt))).toBeLessThan(5000);
  });

  it('a read-only Traccar user: the assignment is refused in their words and nothing is written anywhere', async () => {
    const { token } = await signInToTraccar(rig.ctx, STANDIN_USERS.readonly.email);
    const { metro, devices } = await metroOf(rig, token);
    const spare = devices.find((d) => d.vehicleId === null);
    const target = devices.find((d) => d.vehicleId !== null);
    if (!spare || target?.vehicleId == null) throw new Error('fixture');
    const before = rig.standin.writesReceived;
    const res = await assign(token, metro.id, target.vehicleId, spare.deviceId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'PLATFORM_READ_ONLY', message: PLATFORM_RIGHTS_MESSAGES.readOnly });
    expect(rig.standin.writesReceived).toBe(before);
    const after = (await metroOf(rig, token)).devices.find((d) => d.deviceId === spare.deviceId);
    expect(after?.vehicleId).toBeNull();
  });

  it('a user who may not change devices or send commands: each refusal says which', async () => {
    const { token } = await signInToTraccar(rig.ctx, STANDIN_USERS.limited.email);
    const { metro, devices } = await metroOf(rig, token);
    const spare = devices.find((d) => d.vehicleId === null);
    const target = devices.find((d) => d.vehicleId !== null);
    const gps = devices.find((d) => d.type === 'GPS' && d.phone);
    if (!spare || !gps || target?.vehicleId == null) throw new Error('fixture');
    const moved = await assign(token, metro.id, target.vehicleId, spare.deviceId);
    expect(moved.json()).toEqual({
      code: 'PLATFORM_DEVICES_READ_ONLY',
      message: PLATFORM_RIGHTS_MESSAGES.devicesReadOnly,
    });
    const sms = await rig.ctx.app.inject({
      method: 'POST',
      url: `/api/devices/${gps.deviceId}/sms`,
      headers: bearer(token),
      payload: { command: '!R0' },
    });
    expect(sms.statusCode).toBe(403);
    expect(sms.json()).toEqual({
      code: 'PLATFORM_NO_COMMANDS',
      message: PLATFORM_RIGHTS_MESSAGES.noCommands,
    });
    expect(rig.standin.state.commands.length).toBe(0);
  });

  it('rights taken away in Traccar after sign-in: Traccar’s own refusal reads as such', async () => {
    const { token } = await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email);
    const { devices } = await metroOf(rig, token);
    const gps = devices.find((d) => d.type === 'GPS' && d.phone);
    if (!gps) throw new Error('fixture');
    const user = rig.standin.state.users.get(userId(rig, STANDIN_USERS.installer.email));
    if (!user) throw new Error('fixture');
    user.limitCommands = true;
    const sms = await rig.ctx.app.inject({
      method: 'POST',
      url: `/api/devices/${gps.deviceId}/sms`,
      headers: bearer(token),
      payload: { command: '!R0' },
    });
    expect(sms.json()).toEqual({
      code: 'PLATFORM_NO_COMMANDS',
      message: PLATFORM_RIGHTS_MESSAGES.noCommands,
    });
  });

  it('unlinked from an agency’s group in Traccar: the agency’s lists are gone at the next check', async () => {
    const { token } = await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email);
    const { metro } = await metroOf(rig, token);
    const groups = rig.standin.state.userGroups.get(userId(rig, STANDIN_USERS.installer.email));
    const metroGroup = [...rig.standin.state.groups.values()].find((g) => g.name === 'Metro Transit');
    if (!groups || !metroGroup) throw new Error('fixture');
    groups.delete(metroGroup.id);
    await new Promise((r) => setTimeout(r, 1100));
    const listed = await rig.ctx.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) });
    if (listed.statusCode !== 200) console.log(listed.statusCode, listed.body);
    const clients = listed.json<Client[]>();
    expect(clients.map((c) => c.name)).not.toContain('Metro Transit');
    const vehicles = await rig.ctx.app.inject({
      method: 'GET',
      url: `/api/vehicles/client/${String(metro.id)}`,
      headers: bearer(token),
    });
    expect(vehicles.statusCode).toBe(404);
  });

  it('disabled in Traccar: a write is refused at once, and the session ends', async () => {
    const { token } = await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email);
    const { devices } = await metroOf(rig, token);
    const gps = devices.find((d) => d.type === 'GPS' && d.phone);
    const user = rig.standin.state.users.get(userId(rig, STANDIN_USERS.installer.email));
    if (!gps || !user) throw new Error('fixture');
    user.disabled = true;
    const sms = await rig.ctx.app.inject({
      method: 'POST',
      url: `/api/devices/${gps.deviceId}/sms`,
      headers: bearer(token),
      payload: { command: '!R0' },
    });
    expect(sms.statusCode).toBe(401);
    expect(rig.standin.state.commands.length).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    const next = await rig.ctx.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) });
    expect(next.statusCode).toBe(401);
    const again = await signIn(rig, STANDIN_USERS.installer.email);
    expect(again.json()).toEqual({ code: 'ACCOUNT_DISABLED', message: SIGN_IN_MESSAGES.disabled });
  });

  it('a push whose installer signed out waits for them, never goes as anyone else, and goes once they are back', async () => {
    const { token } = await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email);
    const { metro, devices } = await metroOf(rig, token);
    const spare = devices.find((d) => d.vehicleId === null && d.type === 'GPS');
    const target = devices.find((d) => d.vehicleId !== null);
    if (!spare || target?.vehicleId == null) throw new Error('fixture');
    await rig.standin.stop();
    expect((await assign(token, metro.id, target.vehicleId, spare.deviceId)).statusCode).toBe(200);
    await rig.ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    await rig.standin.start();
    const before = rig.standin.writes.length;
    await queryRows(rig.ctx.deps.db, sql`update outbox set next_attempt_at = now() where status = 'pending'`);
    await rig.ctx.deps.outbox.drain();
    const waiting = await queryRows<{ status: string; last_error: string | null }>(
      rig.ctx.deps.db,
      sql`select status, last_error from outbox where kind = 'device-assignment'`,
    );
    expect(waiting).toEqual([{ status: 'pending', last_error: WAITING_FOR_USER }]);
    expect(rig.standin.writes.length).toBe(before);

    await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email);
    await rig.ctx.deps.outbox.drain();
    const puts = rig.standin.writes.slice(before).filter((w) => w.method === 'PUT');
    expect(puts.map((w) => w.userId)).toEqual([userId(rig, STANDIN_USERS.installer.email)]);
  });

  it('sign-out revokes the token made for that session', async () => {
    const { token } = await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email);
    const id = userId(rig, STANDIN_USERS.installer.email);
    const live = () =>
      [...rig.standin.state.tokens.keys()].filter((t) => rig.standin.state.tokens.get(t) === id);
    const before = live();
    expect(before.length).toBe(1);
    await rig.ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    await expect.poll(() => live().length, { timeout: 3000 }).toBe(0);
  });
});

describe('FLEET_PROVIDER=traccar: sign-in as real accounts have it', () => {
  const rig = traccarRig();

  it('two-factor: asked for the code (not counted as a wrong password), a wrong code refused, the right one signs in', async () => {
    const email = STANDIN_USERS.twofactor.email;
    const asked = await signIn(rig, email);
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({ code: 'CODE_REQUIRED', message: SIGN_IN_MESSAGES.codeRequired });
    const wrong = await signIn(rig, email, {
      code: '000000' === totpCode('JBSWY3DPEHPK3PXP') ? '111111' : '000000',
    });
    expect(wrong.json()).toEqual({ code: 'INVALID_CODE', message: SIGN_IN_MESSAGES.invalidCode });
    const ok = await signIn(rig, email, { code: totpCode('JBSWY3DPEHPK3PXP') });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<LoginResponse>().user.clientIds.length).toBeGreaterThan(0);
  });

  it('a disabled or expired Traccar account reads as such, never a 500', async () => {
    const disabled = await signIn(rig, STANDIN_USERS.disabled.email);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({ code: 'ACCOUNT_DISABLED', message: SIGN_IN_MESSAGES.disabled });
    const expired = await signIn(rig, STANDIN_USERS.expired.email);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ code: 'ACCOUNT_EXPIRED', message: SIGN_IN_MESSAGES.expired });
  });

  it('an administrator signing in sees what Traccar lets them see (their linked groups), not the whole server', async () => {
    const res = await signIn(rig, STANDIN_USERS.admin.email);
    expect(res.statusCode).toBe(200);
    const linked = rig.standin.state.linkedGroups(userId(rig, STANDIN_USERS.admin.email));
    const agencies = linked.filter((g) => g.groupId === 0);
    expect(res.json<LoginResponse>().user.clientIds.length).toBe(agencies.length);
  });
});
