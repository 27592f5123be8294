import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import { buildApp } from '../src/app.ts';
import { LISTENER_APPLICATION_NAME } from '../src/db/change-listener.ts';
import { queryRows } from '../src/db/query.ts';
import { bearer, createTestContext, login, type TestContext } from './helpers.ts';

// Included by vitest.config.ts only for the PostgreSQL pass (npm run test:pg).
if (!process.env.TEST_DATABASE_URL) throw new Error('change-feed.pg-test.ts needs TEST_DATABASE_URL');

type Instance = Awaited<ReturnType<typeof buildApp>>;

/**
 * Decision 028: two API instances on one PostgreSQL database, each with its own pool, memory and
 * listening connection. Sessions are cached for 5 minutes: only the change feed can make the
 * other instance refuse a revoked one, or see another's change, within moments.
 */
describe('the change feed across processes (PostgreSQL)', () => {
  let a: TestContext;
  let b: Instance;
  let token = '';
  let clientId = 0;

  // Waits for a condition; the bound is only there to fail with a message before the test times out.
  const eventually = async (check: () => Promise<boolean> | boolean, ms = 20_000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`not seen within ${String(ms)} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const verify = (i: Instance | TestContext, t: string) =>
    i.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(t) });
  const clientsOn = async (i: Instance | TestContext) => {
    const res = await i.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<Client[]>();
  };

  /** A connection of its own to the test file's database (another process, as far as a and b know). */
  const adminClient = async () => {
    const [row] = await queryRows<{ name: string }>(a.deps.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${row?.name ?? ''}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    a = await createTestContext({ SESSION_CACHE_TTL_MS: '300000' });
    b = await buildApp({
      config: a.config,
      database: a.database,
      fleet: { provider: a.simulator, simulator: a.simulator },
      background: false,
    });
    await b.app.ready();
    const session = await login(a);
    token = session.token;
    clientId = session.user.clientIds[0] ?? 0;
    await eventually(() => a.deps.changes.isLive() && b.deps.changes.isLive());
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('refuses on the other process, at once, a session revoked on one', async () => {
    const other = await login(a);
    expect((await verify(b, other.token)).statusCode).toBe(200); // now cached on b
    expect((await verify(b, other.token)).statusCode).toBe(200);
    // The logout's notification is the one session change on its way (a sign-in notifies none).
    const heard = new Promise<void>((resolve) => {
      const off = b.deps.changes.onSessionEvent((event) => {
        if (event.kind === 'user') return;
        off();
        resolve();
      });
    });
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(other.token) });
    expect(out.statusCode).toBe(204);
    // Refused as soon as b's listener hears of it, however long a loaded machine takes to tell
    // it (not a window of time); the cache alone would have kept the session 5 minutes.
    await heard;
    expect((await verify(b, other.token)).statusCode).toBe(401);
    expect((await verify(a, token)).statusCode).toBe(200); // other sessions are untouched
    expect((await verify(b, token)).statusCode).toBe(200);
  });

  it('shows on the other process a change made through one', async () => {
    const before = await clientsOn(b);
    const held = b.deps.changes.agency(clientId)?.revision ?? -1;
    expect(held).toBeGreaterThanOrEqual(0);
    // A local-only vehicle created through a: the agency's revision moves, b's counts follow.
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(token),
      payload: { clientId, vehicleId: 'FEED-1' },
    });
    expect(created.statusCode).toBe(201);
    const count = (list: Client[]) => list.find((c) => c.id === clientId)?.vehicleCount ?? -1;
    expect(count(await clientsOn(a))).toBe(count(before) + 1); // read-your-writes on a
    await eventually(async () => count(await clientsOn(b)) === count(before) + 1);
    expect(b.deps.changes.agency(clientId)?.revision ?? -1).toBeGreaterThan(held);
  });

  it('holds what another connection committed, pushed by the listener', async () => {
    await clientsOn(b);
    const held = b.deps.changes.agency(clientId)?.revision ?? -1;
    expect(held).toBeGreaterThanOrEqual(0);
    const admin = await adminClient();
    try {
      await admin.query('update clients set revision = revision + 1 where id = $1', [clientId]);
    } finally {
      await admin.end();
    }
    await eventually(() => b.deps.changes.agency(clientId)?.revision === held + 1);
  });

  it('drops what it holds when its listener reconnects, and reads the database meanwhile', async () => {
    await clientsOn(b);
    expect(b.deps.changes.agency(clientId)).toBeDefined();
    const resets: string[] = [];
    const off = b.deps.changes.onSessionEvent((e) => resets.push(e.kind));
    const admin = await adminClient();
    try {
      // Both listeners of this database are cut; a change is committed while b may be deaf.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = $1 and datname = current_database()`,
        [LISTENER_APPLICATION_NAME],
      );
      await eventually(() => resets.length >= 1);
      expect(b.deps.changes.agency(clientId)).toBeUndefined();
      await admin.query(
        `update clients set synced_at = '2031-05-06T07:08:09.000Z'::timestamptz where id = $1`,
        [clientId],
      );
      // Down: the overview reads the database, and sees the change.
      const overview = await b.app.inject({
        method: 'GET',
        url: `/api/clients/${String(clientId)}/overview`,
        headers: bearer(token),
      });
      expect(overview.json<{ lastSyncedAt: string }>().lastSyncedAt).toBe('2031-05-06T07:08:09.000Z');
      await eventually(() => b.deps.changes.isLive());
      expect(resets.filter((k) => k === 'reset').length).toBeGreaterThanOrEqual(2);
      expect((await verify(b, token)).statusCode).toBe(200);
    } finally {
      off();
      await admin.end();
    }
    await eventually(() => a.deps.changes.isLive());
    const rows = await queryRows<{ n: number }>(
      a.deps.db,
      sql`select count(*)::int as n from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    expect(Number(rows[0]?.n)).toBe(2);
  });
});
