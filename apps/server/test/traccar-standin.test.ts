import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  STANDIN_ADMIN_TOKEN,
  STANDIN_PASSWORD,
  STANDIN_USERS,
  seedStandin,
} from '../tools/traccar-standin/standin-seed.ts';
import { TraccarStandin } from '../tools/traccar-standin/standin-server.ts';

/** The stand-in behaves like a real Traccar on every point of shared/data/README.md, "Traccar". */
let standin: TraccarStandin;
const admin = { authorization: `Bearer ${STANDIN_ADMIN_TOKEN}` };
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  standin = await new TraccarStandin({ keepaliveMs: 200 }).start();
});
afterAll(() => standin.stop());

const api = (path: string, init: RequestInit = {}) => fetch(`${standin.url}/api${path}`, init);
const signIn = (email: string, password = STANDIN_PASSWORD) =>
  api('/session', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
interface Row {
  id: number;
  groupId: number;
  uniqueId: string;
  phone: string | null;
  name: string;
  attributes: Record<string, unknown>;
}
const rows = async (res: Response) => (await res.json()) as Row[];

describe('Traccar stand-in', () => {
  it('signs in with a form, answers the user and a JSESSIONID cookie; 401 with a wrong password', async () => {
    const ok = await signIn(STANDIN_USERS.installer.email);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toMatch(/^JSESSIONID=/);
    expect(((await ok.json()) as { email: string }).email).toBe(STANDIN_USERS.installer.email);
    expect((await signIn(STANDIN_USERS.installer.email, 'wrong')).status).toBe(401);
  });

  it('GET /api/session reads the cookie or ?token=, not a Bearer header (404); DELETE ends the session', async () => {
    const cookie =
      (await signIn(STANDIN_USERS.installer.email)).headers.get('set-cookie')?.split(';')[0] ?? '';
    expect((await api('/session', { headers: { cookie } })).status).toBe(200);
    expect((await api('/session', { headers: admin })).status).toBe(404);
    expect((await api(`/session?token=${STANDIN_ADMIN_TOKEN}`)).status).toBe(200);
    // A token that does not decode: TokenManager's exception, answered 400 with a stack trace.
    expect((await api('/session?token=wrong')).status).toBe(400);
    expect((await api('/session', { method: 'DELETE', headers: { cookie } })).status).toBe(204);
    expect((await api('/groups', { headers: { cookie } })).status).toBe(401);
  });

  it('takes Bearer tokens and Basic, makes tokens with POST /api/session/token, and answers 401 without', async () => {
    expect((await api('/devices')).status).toBe(401);
    const basic = `Basic ${Buffer.from(`${STANDIN_USERS.installer.email}:${STANDIN_PASSWORD}`).toString('base64')}`;
    expect((await api('/groups', { headers: { authorization: basic } })).status).toBe(200);
    const made = await api('/session/token', {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'expiration=2030-01-01T00:00:00Z',
    });
    const token = await made.text();
    expect((await api('/groups', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('says "none" with 0: top-level groups have groupId 0; a unit that never reported has positionId 0', async () => {
    const groups = await rows(await api('/groups?all=true', { headers: admin }));
    expect(groups.filter((g) => g.groupId === 0).map((g) => g.name)).toContain('Metro Transit');
    const created = (await (
      await api('/devices', {
        method: 'POST',
        headers: { ...admin, ...json },
        body: '{"name":"n","uniqueId":"NEW-1"}',
      })
    ).json()) as { positionId: number; groupId: number };
    expect(created).toMatchObject({ positionId: 0, groupId: 0 });
  });

  it('PUT replaces the whole device: a field left out is erased; without id nothing changes (200); an unknown field is a 400', async () => {
    const [device] = (await rows(await api('/devices', { headers: admin }))).filter((d) => d.phone);
    if (!device) throw new Error('no device with a phone');
    const put = (body: unknown) =>
      api(`/devices/${String(device.id)}`, {
        method: 'PUT',
        headers: { ...admin, ...json },
        body: JSON.stringify(body),
      });
    expect((await put({ name: 'renamed', uniqueId: device.uniqueId })).status).toBe(200);
    expect(standin.state.devices.get(device.id)?.name).toBe(device.name);
    const bad = await put({ ...device, colour: 'red' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('UnrecognizedPropertyException');
    expect((await put({ id: device.id, name: device.name, uniqueId: device.uniqueId })).status).toBe(200);
    const after = standin.state.devices.get(device.id);
    expect(after).toMatchObject({ phone: null, groupId: 0, attributes: {} });
  });

  it('uniqueId is unique server-wide: a duplicate is a 400 with a plain-text Java stack trace', async () => {
    const other = [...standin.state.devices.values()].find((d) => d.name.startsWith('9000'));
    if (!other) throw new Error('no device of the other tenant');
    const res = await api('/devices', {
      method: 'POST',
      headers: { ...admin, ...json },
      body: JSON.stringify({ name: 'dup', uniqueId: other.uniqueId }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toMatch(
      /^org\.traccar\.storage\.StorageException: .*Duplicate entry[\s\S]*\tat org\.traccar/,
    );
  });

  it('?uniqueId= finds only devices linked to the caller, even for an administrator; ?all=true finds every one', async () => {
    const other = [...standin.state.devices.values()].find((d) => d.name.startsWith('9000'));
    if (!other) throw new Error('no device of the other tenant');
    expect(await rows(await api(`/devices?uniqueId=${other.uniqueId}`, { headers: admin }))).toEqual([]);
    const all = await rows(await api('/devices?all=true', { headers: admin }));
    expect(all.some((d) => d.uniqueId === other.uniqueId)).toBe(true);
    const linked = await rows(await api('/devices', { headers: admin }));
    expect(linked.some((d) => d.uniqueId === other.uniqueId)).toBe(false);
  });

  it('a user linked to a group sees its subgroups and all their devices, and nothing else', async () => {
    const basic = `Basic ${Buffer.from(`${STANDIN_USERS.rural.email}:${STANDIN_PASSWORD}`).toString('base64')}`;
    const groups = await rows(await api('/groups', { headers: { authorization: basic } }));
    expect(groups.filter((g) => g.groupId === 0).map((g) => g.name)).toEqual(['Rural Lines']);
    expect(groups.length).toBeGreaterThan(1);
    const devices = await rows(await api('/devices', { headers: { authorization: basic } }));
    const ids = new Set(groups.map((g) => g.id));
    expect(devices.length).toBeGreaterThan(0);
    expect(devices.every((d) => ids.has(d.groupId))).toBe(true);
  });

  it('commands: SMS 200 when text is enabled, 400 when not; data channel 202 for a unit not connected', async () => {
    const gps = [...standin.state.devices.values()].find((d) => d.phone && d.status === 'online');
    const quiet = [...standin.state.devices.values()].find(
      (d) => d.status !== 'online' && d.name.startsWith('1'),
    );
    if (!gps || !quiet) throw new Error('seed lacks devices');
    const send = (deviceId: number, textChannel: boolean) =>
      api('/commands/send', {
        method: 'POST',
        headers: { ...admin, ...json },
        body: JSON.stringify({ deviceId, type: 'custom', textChannel, attributes: { data: '!R0' } }),
      });
    expect((await send(gps.id, true)).status).toBe(200);
    expect((await send(quiet.id, false)).status).toBe(202);
    standin.state.textEnabled = false;
    const refused = await send(gps.id, true);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('SMS not configured');
    expect(((await (await api('/server')).json()) as { textEnabled: boolean }).textEnabled).toBe(false);
    standin.state.textEnabled = true;
  });

  it('positions: the latest of each visible device, with sat, rssi, power, battery; dates as +00:00', async () => {
    const basic = `Basic ${Buffer.from(`${STANDIN_USERS.rural.email}:${STANDIN_PASSWORD}`).toString('base64')}`;
    const list = (await (await api('/positions', { headers: { authorization: basic } })).json()) as {
      fixTime: string;
      attributes: Record<string, unknown>;
    }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]?.fixTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    expect(Object.keys(list[0]?.attributes ?? {})).toEqual(
      expect.arrayContaining(['sat', 'rssi', 'power', 'battery']),
    );
  });

  it('the action log: each write names the user whose cookie or token made it (LogAction)', async () => {
    const cookie =
      (await signIn(STANDIN_USERS.installer.email)).headers.get('set-cookie')?.split(';')[0] ?? '';
    const bus = (await rows(await api('/groups', { headers: { cookie } }))).find((g) => g.name === '1002');
    if (!bus) throw new Error('no bus 1002');
    const put = (headers: Record<string, string>) =>
      api(`/groups/${String(bus.id)}`, {
        method: 'PUT',
        headers: { ...headers, ...json },
        body: JSON.stringify(bus),
      });
    expect((await put({ cookie })).status).toBe(200);
    const installer = standin.state.userByEmail(STANDIN_USERS.installer.email)?.id;
    expect(standin.writes.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/api/groups/${String(bus.id)}`,
      userId: installer,
    });
    expect((await put(admin)).status).toBe(200);
    expect(standin.writes.at(-1)?.userId).toBe(1);
  });

  it('a deleted position row: the device still points at it, and ?id= with it fails whole (400)', async () => {
    const [a, b] = [...standin.state.devices.values()].filter(
      (d) => d.positionId > 0 && d.name.startsWith('10'),
    );
    if (!a || !b) throw new Error('seed lacks positions');
    expect(
      (await api(`/positions?id=${String(a.positionId)}&id=${String(b.positionId)}`, { headers: admin }))
        .status,
    ).toBe(200);
    expect(standin.state.deletePosition(b.positionId)).toBe(true);
    expect(standin.state.devices.get(b.id)?.positionId).toBe(b.positionId);
    const res = await api(`/positions?id=${String(a.positionId)}&id=${String(b.positionId)}`, {
      headers: admin,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/^java\.lang\.NullPointerException/);
  });

  it('a disabled device: one of Metro’s spares is seeded so; PUT keeps `disabled` as the body says', async () => {
    const metro = [...standin.state.groups.values()].find((g) => g.name === 'Metro Transit');
    const disabled = [...standin.state.devices.values()].filter((d) => d.disabled);
    expect(disabled.map((d) => d.groupId)).toEqual([metro?.id]);
    const [device] = disabled;
    if (!device) throw new Error('no disabled device');
    const put = (body: unknown) =>
      api(`/devices/${String(device.id)}`, {
        method: 'PUT',
        headers: { ...admin, ...json },
        body: JSON.stringify(body),
      });
    expect(await (await put(device)).json()).toMatchObject({ disabled: true });
    expect(standin.state.devices.get(device.id)?.disabled).toBe(true);
    await put({ ...device, disabled: false });
    expect(standin.state.devices.get(device.id)?.disabled).toBe(false);
  });

  it('seeds the restricted users after everything else, linked to Metro Transit; the first four keep ids 1 to 4', async () => {
    const state = seedStandin();
    const id = (email: string) => state.userByEmail(email)?.id ?? 0;
    const { admin: a, installer, rural, nobody, ...restricted } = STANDIN_USERS;
    expect([a, installer, rural, nobody].map((u) => id(u.email))).toEqual([1, 2, 3, 4]);
    const highest = Math.max(...state.groups.keys(), ...state.devices.keys(), ...state.positions.keys());
    const metro = [...state.groups.values()].find((g) => g.name === 'Metro Transit')?.id;
    for (const u of Object.values(restricted)) {
      expect(id(u.email)).toBeGreaterThan(highest);
      expect([...(state.userGroups.get(id(u.email)) ?? [])]).toEqual([metro]);
      expect((await signIn(u.email, 'wrong')).status).toBe(401);
    }
  });

  it('the socket needs a token or cookie, sends positions on open, then devices and positions as they change, and {} to keep alive', async () => {
    const refused = new WebSocket(`${standin.url.replace('http', 'ws')}/api/socket`);
    await new Promise((resolve) => refused.on('error', resolve));
    const ws = new WebSocket(`${standin.url.replace('http', 'ws')}/api/socket?token=${STANDIN_ADMIN_TOKEN}`);
    const messages: Record<string, unknown>[] = [];
    ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
    await new Promise((resolve) => ws.on('open', resolve));
    await expect.poll(() => messages.length).toBeGreaterThan(0);
    expect(messages[0]).toHaveProperty('positions');
    const bus = [...standin.state.devices.values()].find((d) => d.name.startsWith('1001'));
    if (!bus) throw new Error('no bus device');
    standin.setStatus(bus.uniqueId, 'offline');
    await expect.poll(() => messages.some((m) => 'devices' in m)).toBe(true);
    await expect.poll(() => messages.some((m) => Object.keys(m).length === 0)).toBe(true);
    ws.close();
  });
});
