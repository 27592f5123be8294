import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  STANDIN_ADMIN_TOKEN,
  STANDIN_PASSWORD,
  STANDIN_TOTP_KEY,
  STANDIN_USERS,
} from '../tools/traccar-standin/standin-seed.ts';
import { TraccarStandin, type StandinOptions } from '../tools/traccar-standin/standin-server.ts';
import { SERVICE_ACCOUNT_ID, type TcUser } from '../tools/traccar-standin/standin-state.ts';
import { totpCode } from '../tools/traccar-standin/standin-totp.ts';

/** The stand-in's users, tokens and versions behave as Traccar's Java code (issue 32); one stand-in per test. */
let standin: TraccarStandin;
const start = async (options: StandinOptions = {}) => (standin = await new TraccarStandin(options).start());
afterEach(() => standin.stop());

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };
const api = (path: string, init: RequestInit = {}) => fetch(`${standin.url}/api${path}`, init);
const user = (email: string): TcUser => {
  const found = standin.state.userByEmail(email);
  if (!found) throw new Error(`no user ${email}`);
  return found;
};
const as = (email: string, password = STANDIN_PASSWORD) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const send = (method: string, path: string, auth: Record<string, string>, body: unknown) =>
  api(path, { method, headers: { ...auth, ...JSON_TYPE }, body: JSON.stringify(body) });
const signIn = (email: string, extra: Record<string, string> = {}) =>
  api('/session', {
    method: 'POST',
    headers: FORM_TYPE,
    body: new URLSearchParams({ email, password: STANDIN_PASSWORD, ...extra }).toString(),
  });
const group = (name: string) => {
  const found = [...standin.state.groups.values()].find((g) => g.name === name);
  if (!found) throw new Error(`no group ${name}`);
  return found;
};
/** A 400 whose body is the Java stack trace of `exception: message`. */
const trace = async (res: Response, exception: string, message: string) => {
  expect(res.status).toBe(400);
  const text = await res.text();
  expect(text.split('\n')[0]).toBe(`${exception}: ${message}`);
  expect(text).toMatch(/\n\tat [a-z]+\./);
  return text;
};
const denied = (res: Response, message: string) => trace(res, 'java.lang.SecurityException', message);
/** How an upgrade to the socket ends: 'open', or the status it was refused with. */
const socket = (query: string, headers: Record<string, string> = {}) =>
  new Promise<{ result: 'open' | number; first?: unknown }>((resolve) => {
    const ws = new WebSocket(`${standin.url.replace('http', 'ws')}/api/socket${query}`, { headers });
    ws.on('unexpected-response', (_req, res) => resolve({ result: res.statusCode ?? 0 }));
    ws.on('message', (data: Buffer) => {
      resolve({ result: 'open', first: JSON.parse(data.toString()) });
      ws.close();
    });
  });

describe('Traccar stand-in: users, tokens and versions as Traccar 6.14.5 has them', () => {
  it('restrictions (PermissionsService): readonly, deviceReadonly, limitCommands, deviceLimit, a group out of sight, the server’s; administrators pass', async () => {
    await start();
    const bus = group('1001');
    const device = [...standin.state.devices.values()].find((d) => d.groupId === bus.id);
    if (!device) throw new Error('fixture');
    const { readonly, limited, installer } = STANDIN_USERS;
    const newDevice = { name: 'n', uniqueId: 'R-1', groupId: group('Metro Transit').id };
    await denied(await send('POST', '/devices', as(readonly.email), newDevice), 'Write access denied');
    await denied(
      await send('PUT', `/groups/${String(bus.id)}`, as(readonly.email), bus),
      'Write access denied',
    );
    await denied(
      await send('PUT', `/devices/${String(device.id)}`, as(limited.email), device),
      'Write access denied',
    );
    expect((await send('PUT', `/groups/${String(bus.id)}`, as(limited.email), bus)).status).toBe(200);
    const command = { deviceId: device.id, type: 'custom', textChannel: false, attributes: { data: '!R0' } };
    await denied(await send('POST', '/commands/send', as(limited.email), command), 'Operation restricted');
    const moved = { ...device, groupId: group('Other Tenant Freight').id };
    await denied(
      await send('PUT', `/devices/${String(device.id)}`, as(installer.email), moved),
      'Group access denied',
    );
    const self = user(installer.email).id;
    expect((await api(`/users/${String(self)}`, { headers: as(installer.email) })).status).toBe(200);
    await denied(await api('/users/1', { headers: as(installer.email) }), 'User access denied');
    expect(await (await api('/users', { headers: as(installer.email) })).json()).toEqual([]);
    const other = group('Other Tenant Freight').id;
    await denied(
      await api(`/groups/${String(other)}`, { headers: as(installer.email) }),
      'Group access denied',
    );
    expect((await api('/devices/999999', { headers: bearer(STANDIN_ADMIN_TOKEN) })).status).toBe(404);
    // deviceLimit: 0 is none; otherwise the count of linked devices must stay under it.
    const inst = user(installer.email);
    inst.deviceLimit = 0;
    await denied(await send('POST', '/devices', as(installer.email), newDevice), 'Write access denied');
    inst.deviceLimit = standin.state.linkedDevices(inst.id).length;
    await denied(await send('POST', '/devices', as(installer.email), newDevice), 'Write access denied');
    inst.deviceLimit += 1;
    expect((await send('POST', '/devices', as(installer.email), newDevice)).status).toBe(200);
    // The server's readonly stops every non-administrator; GET /api/server says it.
    standin.state.server.readonly = true;
    await denied(
      await send('PUT', `/groups/${String(bus.id)}`, as(installer.email), bus),
      'Write access denied',
    );
    expect((await send('PUT', `/groups/${String(bus.id)}`, bearer(STANDIN_ADMIN_TOKEN), bus)).status).toBe(
      200,
    );
    expect(await (await api('/server')).json()).toMatchObject({ readonly: true, limitCommands: false });
    const me = (await (await signIn(limited.email)).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ deviceReadonly: true, limitCommands: true, readonly: false, deviceLimit: -1 });
  });

  it('tokens (TokenManager, SessionResource): 7 days by default, `expiration` read and clamped, revocable; a refused one is a 401 on a call and a 400 trace on GET /api/session', async () => {
    await start();
    const inst = user(STANDIN_USERS.installer.email);
    const make = (auth: Record<string, string>, body = '') =>
      api('/session/token', { method: 'POST', headers: { ...auth, ...FORM_TYPE }, body });
    const made = await make(as(inst.email));
    expect(made.headers.get('content-type')).toContain('application/json');
    const token = await made.text();
    expect(standin.state.tokens.get(token)).toBe(inst.id);
    const week = Date.now() + 7 * 86_400_000;
    expect(Math.abs((standin.state.tokens.info(token)?.expiresAt ?? 0) - week)).toBeLessThan(5000);
    const until = await (await make(as(inst.email), 'expiration=2030-01-01T00%3A00%3A00%2B02%3A00')).text();
    expect(standin.state.tokens.info(until)?.expiresAt).toBe(Date.parse('2029-12-31T22:00:00Z'));
    await trace(
      await make(as(inst.email), 'expiration=2030-01-01'),
      'org.glassfish.jersey.server.ParamException$FormParamException',
      'HTTP 400 Bad Request',
    );
    // A session opened with ?token= ends with that token: a new token cannot outlive it.
    const hour = standin.state.issueToken(inst.id, Date.now() + 3_600_000);
    const opened = await api(`/session?token=${hour}`);
    const cookie = { cookie: opened.headers.get('set-cookie')?.split(';')[0] ?? '' };
    const clamped = await (await make(cookie, 'expiration=2030-01-01T00:00:00Z')).text();
    expect(standin.state.tokens.info(clamped)?.expiresAt).toBe(standin.state.tokens.info(hour)?.expiresAt);
    await trace(
      await make(cookie),
      'java.lang.NullPointerException',
      'Cannot invoke "java.util.Date.getTime()"',
    );
    // Revoked (by anyone signed in) and expired tokens.
    const revoke = await api('/session/token/revoke', {
      method: 'POST',
      headers: { ...as(STANDIN_USERS.limited.email), ...FORM_TYPE },
      body: `token=${token}`,
    });
    expect(revoke.status).toBe(204);
    expect((await api('/groups', { headers: bearer(token) })).status).toBe(401);
    await denied(await api(`/session?token=${token}`), 'Token has been revoked');
    standin.state.expireToken(until);
    expect((await api('/groups', { headers: bearer(until) })).status).toBe(401);
    await denied(await api(`/session?token=${until}`), 'Token has expired');
    expect((await api('/groups', { headers: bearer('wrong') })).status).toBe(401);
    const garbage = await trace(
      await api('/session?token=wrong'),
      'java.lang.ArrayIndexOutOfBoundsException',
      'arraycopy: source index -61 out of bounds for byte[3]',
    );
    expect(garbage).toContain('at org.traccar.api.signature.CryptoManager.verify');
    // The user disabled: the token is refused (401 on a call, 400 on GET /api/session).
    inst.disabled = true;
    expect((await api('/groups', { headers: bearer(hour) })).status).toBe(401);
    await denied(await api(`/session?token=${hour}`), 'User is disabled');
    inst.disabled = false;
    // A new password revokes nothing: tokens and sessions keep working.
    standin.state.setPassword(inst.id, 'changed');
    expect((await api('/groups', { headers: bearer(hour) })).status).toBe(200);
    expect((await api('/groups', { headers: cookie })).status).toBe(200);
    expect((await api('/groups', { headers: as(inst.email) })).status).toBe(401);
    expect((await api('/groups', { headers: as(inst.email, 'changed') })).status).toBe(200);
  });

  it('the service account (web.serviceAccountToken): id 9000000000000000000, administrator, never expires, no links', async () => {
    await start({ serviceAccountToken: 'service-secret' });
    const raw = await (await api('/session?token=service-secret')).text();
    expect(raw).toContain('"id":9000000000000000000,');
    expect(JSON.parse(raw)).toMatchObject({ name: 'Service Account', email: 'none', administrator: true });
    expect(SERVICE_ACCOUNT_ID).toBe(9e18);
    const sa = bearer('service-secret');
    expect(await (await api('/groups', { headers: sa })).json()).toEqual([]);
    const all = (await (await api('/groups?all=true', { headers: sa })).json()) as unknown[];
    expect(all.length).toBe(standin.state.groups.size);
    const created = await send('POST', '/devices', sa, { name: 'svc', uniqueId: 'SVC-1' });
    expect(created.status).toBe(200);
    expect(await (await api('/devices', { headers: sa })).json()).toEqual([]);
    expect(standin.writes.at(-1)?.userId).toBe(SERVICE_ACCOUNT_ID);
    expect(await socket('?token=service-secret')).toEqual({ result: 'open', first: { positions: [] } });
  });

  it('sign-in (LoginService): a TOTP key needs `code` (401 TOTP, then 400 when wrong; ±1 step), checked before disabled and expired (400)', async () => {
    await start();
    const email = STANDIN_USERS.twofactor.email;
    const asked = await signIn(email);
    expect(asked.status).toBe(401);
    expect(asked.headers.get('www-authenticate')).toBe('TOTP');
    expect(await asked.text()).toBe('');
    const now = Date.now();
    const good = totpCode(STANDIN_TOTP_KEY, now);
    const old = totpCode(STANDIN_TOTP_KEY, now - 90_000);
    const wrong = [old, '000000', '123456'].find(
      (c) => ![-1, 0, 1].some((step) => totpCode(STANDIN_TOTP_KEY, now + step * 30_000) === c),
    );
    await denied(await signIn(email, { code: wrong ?? '000000' }), 'User authorization failed');
    const ok = await signIn(email, { code: good });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ email, totpKey: STANDIN_TOTP_KEY });
    expect((await signIn(email, { code: totpCode(STANDIN_TOTP_KEY, now - 30_000) })).status).toBe(200);
    // RFC 6238's SHA-1 vectors, last 6 digits.
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1_111_111_109_000)).toBe('081804');
    await denied(await signIn(STANDIN_USERS.disabled.email), 'User is disabled');
    await denied(await signIn(STANDIN_USERS.expired.email), 'User has expired');
    expect((await signIn(STANDIN_USERS.disabled.email, { password: 'wrong' })).status).toBe(401);
    user(email).disabled = true;
    expect((await signIn(email)).status).toBe(401);
    await denied(await signIn(email, { code: good }), 'User is disabled');
    // A disabled user's Basic call is a 401 (SecurityRequestFilter logs it).
    expect((await api('/groups', { headers: as(STANDIN_USERS.expired.email) })).status).toBe(401);
  });

  it('versions: Bearer from 5.1 (the user’s fixed token), made tokens from 5.3, textEnabled from 5.8, the socket’s ?token= from 6.2', async () => {
    await start({ version: '5.2' });
    expect((await api('/groups', { headers: bearer(STANDIN_ADMIN_TOKEN) })).status).toBe(200);
    expect(
      (await api('/session/token', { method: 'POST', headers: bearer(STANDIN_ADMIN_TOKEN) })).status,
    ).toBe(404);
    expect((await api('/session?token=wrong')).status).toBe(404);
    standin.state.version = '5.0';
    expect((await api('/groups', { headers: bearer(STANDIN_ADMIN_TOKEN) })).status).toBe(401);
    expect((await api('/groups', { headers: as(STANDIN_USERS.installer.email) })).status).toBe(200);
    standin.state.version = '5.7';
    expect(await (await api('/server')).json()).not.toHaveProperty('textEnabled');
    standin.state.version = '5.8';
    expect(await (await api('/server')).json()).toHaveProperty('textEnabled', true);
    standin.state.version = '6.1';
    expect((await socket(`?token=${STANDIN_ADMIN_TOKEN}`)).result).toBe(401);
    const cookie =
      (await signIn(STANDIN_USERS.installer.email)).headers.get('set-cookie')?.split(';')[0] ?? '';
    expect((await socket('', { cookie })).result).toBe('open');
    standin.state.version = '6.2';
    expect((await socket(`?token=${STANDIN_ADMIN_TOKEN}`)).result).toBe('open');
    standin.state.expireToken(STANDIN_ADMIN_TOKEN);
    expect((await socket(`?token=${STANDIN_ADMIN_TOKEN}`)).result).toBe(401);
  });

  it('test controls under /__standin/: a user’s flags, a token expired or revoked, the server’s restrictions', async () => {
    await start();
    const control = (path: string, body: unknown) =>
      fetch(`${standin.url}/__standin/${path}`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify(body),
      });
    const email = STANDIN_USERS.installer.email;
    const flagged = await control(`users/${email}`, { readonly: true, deviceLimit: 5 });
    expect(await flagged.json()).toMatchObject({ email, readonly: true, deviceLimit: 5 });
    const bus = group('1001');
    await denied(await send('PUT', `/groups/${String(bus.id)}`, as(email), bus), 'Write access denied');
    expect((await control(`users/${email}`, { readonly: 'yes' })).status).toBe(400);
    const { token } = (await (await control('tokens', { email })).json()) as { token: string };
    expect((await api('/groups', { headers: bearer(token) })).status).toBe(200);
    expect((await control('tokens/expire', { token })).status).toBe(200);
    await denied(await api(`/session?token=${token}`), 'Token has expired');
    const second = standin.state.issueToken(user(email).id);
    expect((await control('tokens/revoke', { token: second })).status).toBe(200);
    await denied(await api(`/session?token=${second}`), 'Token has been revoked');
    const server = await control('server', { limitCommands: true, deviceReadonly: true });
    expect(await server.json()).toMatchObject({ limitCommands: true, deviceReadonly: true, readonly: false });
  });
});
