import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLATFORM_RIGHTS_MESSAGES } from '@toolkit/contracts/auth.ts';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import { TOKEN_REFUSED } from '../src/providers/fleet/traccar/traccar-link.ts';
import { ProviderAuthError } from '../src/providers/fleet/fleet-provider.ts';
import { TraccarFleetProvider, TraccarTokenError } from '../src/providers/fleet/traccar/traccar-provider.ts';
import { STANDIN_ADMIN_TOKEN, STANDIN_USERS } from '../tools/traccar-standin/standin-seed.ts';
import { TraccarStandin } from '../tools/traccar-standin/standin-server.ts';
import { bearer, createTraccarContext, signInToTraccar } from './traccar-helpers.ts';

/** Issue 32, section 2: the mirror's token as released Traccar treats it. */

const adminId = (standin: TraccarStandin): number => {
  for (const u of standin.state.users.values()) if (u.email === STANDIN_USERS.admin.email) return u.id;
  throw new Error('no admin');
};

describe('FLEET_PROVIDER=traccar: the mirror’s token', () => {
  it('a token Traccar does not know (400 and a stack trace from released Traccar) stops the start, naming TRACCAR_TOKEN', async () => {
    const standin = await new TraccarStandin().start();
    const err = await createTraccarContext(standin, { TRACCAR_TOKEN: 'not-a-token' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TraccarTokenError);
    expect((err as Error).message).toMatch(/^TRACCAR_TOKEN is invalid or expired/);
    expect((err as Error).message).not.toMatch(/\tat org\.traccar/);
    await standin.stop();
  });

  it('an expired token stops the start the same way', async () => {
    const standin = await new TraccarStandin().start();
    const old = standin.state.issueToken(adminId(standin), Date.now() + 60_000);
    standin.state.expireToken(old);
    const err = await createTraccarContext(standin, { TRACCAR_TOKEN: old }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TraccarTokenError);
    expect((err as Error).message).toMatch(/invalid or expired/);
    await standin.stop();
  });

  it('the service account’s token (id 9000000000000000000, no links) starts the toolkit and serves the mirror', async () => {
    const standin = await new TraccarStandin({ serviceAccountToken: 'service-secret' }).start();
    const ctx = await createTraccarContext(standin, { TRACCAR_TOKEN: 'service-secret' });
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', platform: { reachable: true, problem: null } });
    const { token } = await signInToTraccar(ctx, STANDIN_USERS.installer.email);
    const clients = (
      await ctx.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) })
    ).json<Client[]>();
    expect(clients.find((c) => c.name === 'Metro Transit')?.vehicleCount).toBe(30);
    await ctx.close();
    await standin.stop();
  });

  it('refused while running: health names it, installers read that access lapsed, their writes still go; a new token in the file is taken without a restart', async () => {
    const standin = await new TraccarStandin().start();
    const dir = mkdtempSync(path.join(tmpdir(), 'toolkit-token-'));
    const file = path.join(dir, 'traccar-token');
    const first = standin.state.issueToken(adminId(standin), Date.now() + 3_600_000);
    writeFileSync(file, `${first}\n`);
    const ctx = await createTraccarContext(standin, { TRACCAR_TOKEN: '', TRACCAR_TOKEN_FILE: file });
    const { token, user } = await signInToTraccar(ctx, STANDIN_USERS.installer.email);
    const metro = user.clientIds[0] ?? 0;

    standin.state.expireToken(first);
    await new Promise((r) => setTimeout(r, 1100)); // past the 1 s the lists of one pull are shared
    const sync = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices/sync',
      headers: bearer(token),
      payload: { clientId: metro },
    });
    expect(sync.statusCode).toBe(503);
    expect(sync.json()).toEqual({
      code: 'PROVIDER_AUTH',
      message: PLATFORM_RIGHTS_MESSAGES.platformAccessLapsed,
    });
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'degraded', platform: { problem: TOKEN_REFUSED } });

    // The last good copy still answers the installer's lists.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/devices/client/${String(metro)}`,
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(200);
    // The installer's own command does not need the mirror's token: it goes as them.
    const gps = list.json<Device[]>().find((d) => d.type === 'GPS' && d.phone && d.navigatorDeviceId);
    const sms = await ctx.app.inject({
      method: 'POST',
      url: `/api/devices/${gps?.deviceId ?? ''}/sms`,
      headers: bearer(token),
      payload: { command: '!R0' },
    });
    expect(sms.statusCode).toBe(200);
    expect(standin.state.commands.length).toBe(1);

    writeFileSync(file, `${standin.state.issueToken(adminId(standin), Date.now() + 3_600_000)}\n`);
    await expect
      .poll(
        async () =>
          (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json<{ status: string }>().status,
        { timeout: 15_000, interval: 500 },
      )
      .toBe('ok');
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices/sync',
      headers: bearer(token),
      payload: { clientId: metro },
    });
    expect(again.statusCode).toBe(200);
    await ctx.close();
    await standin.stop();
  }, 30_000);

  it('a token refused (401) by a running Traccar is logged clearly and is a ProviderAuthError (kept and retried, answered 503)', async () => {
    const standin = await new TraccarStandin().start();
    const logged: { level: string; msg: string }[] = [];
    const log = {
      info: () => undefined,
      warn: () => undefined,
      error: (_obj: object, msg: string) => logged.push({ level: 'error', msg }),
    };
    const provider = new TraccarFleetProvider({
      baseUrl: standin.url,
      token: STANDIN_ADMIN_TOKEN,
      timeoutMs: 2000,
      log,
      listTtlMs: 0,
    });
    await provider.connect();
    standin.state.tokens.delete(STANDIN_ADMIN_TOKEN);
    const metro = [...standin.state.groups.values()].find((g) => g.name === 'Metro Transit');
    await expect(provider.listDevices(String(metro?.id ?? 0))).rejects.toBeInstanceOf(ProviderAuthError);
    expect(logged.some((l) => l.msg.includes('TRACCAR_TOKEN'))).toBe(true);
    await standin.stop();
  });

  it('the old administrator token stays as before: a given STANDIN_ADMIN_TOKEN still starts', async () => {
    const standin = await new TraccarStandin().start();
    const ctx = await createTraccarContext(standin, { TRACCAR_TOKEN: STANDIN_ADMIN_TOKEN });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
    });
    await ctx.close();
    await standin.stop();
  });
});
