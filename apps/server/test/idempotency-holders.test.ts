import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/query.ts';
import { bearer, countNotesWith, createTestContext, login, type TestContext } from './helpers.ts';

/**
 * Issue 27, point 8 (decision 038): a key a crashed process left in progress is released at once,
 * not after the lease (30 s here, the default); a key a live process holds still answers 409.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL (there each instance's sign of life is its
 * own connection in pg_stat_activity).
 */
describe('idempotency keys held by processes that died', () => {
  let ctx: TestContext;
  let token: string;
  let userId: number;
  let vehicleId: number;

  beforeAll(async () => {
    ctx = await createTestContext({ IDEMPOTENCY_LEASE_MS: '30000' });
    const session = await login(ctx);
    token = session.token;
    userId = session.user.id;
    const clientId = session.user.clientIds[0] ?? 0;
    const vehicles = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/vehicles/client/${String(clientId)}`,
        headers: bearer(token),
      })
    ).json<Vehicle[]>();
    vehicleId = vehicles[0]?.id ?? 0;
  });
  afterAll(() => ctx.close());

  const payloadOf = (content: string) => ({ vehicleId, noteType: 'general', content });
  const postNote = (app: TestContext['app'], key: string, content: string) =>
    app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: payloadOf(content),
    });
  /** What a request cut mid-way leaves behind: the key claimed by `holder`, no answer. */
  const leaveInProgress = (key: string, holder: string) =>
    ctx.deps.db.execute(
      sql`insert into idempotency_keys (user_id, key, method, path, holder)
          values (${userId}, ${key}, 'POST', '/api/notes', ${holder})`,
    );
  /** A process killed a moment ago: its heartbeat is still fresh, but nothing of it runs. */
  const crashedInstance = async (id: string) =>
    ctx.deps.db.execute(sql`insert into server_instances (id) values (${id}) on conflict do nothing`);
  const countNotes = (content: string) => countNotesWith(ctx.deps.db, content);

  it('a retry of a key whose holder died goes through at once and writes once', async () => {
    await crashedInstance('crashed-process-1');
    await leaveInProgress('cut-by-crash-0001', 'crashed-process-1');
    const retry = await postNote(ctx.app, 'cut-by-crash-0001', 'cut by the crash');
    expect(retry.statusCode).toBe(201);
    const replay = await postNote(ctx.app, 'cut-by-crash-0001', 'cut by the crash');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await countNotes('cut by the crash')).toBe(1);
  });

  it('a key held by a live process (another instance on the database) still answers 409', async () => {
    const other = await buildApp({ config: ctx.config, database: ctx.database, background: false });
    try {
      await other.app.ready();
      await leaveInProgress('held-by-live-0001', other.deps.instance.id);
      const early = await postNote(ctx.app, 'held-by-live-0001', 'held by a live process');
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({
        code: 'IDEMPOTENCY_IN_PROGRESS',
        message: 'The same request is still being processed; try again shortly',
      });
      expect(await countNotes('held by a live process')).toBe(0);
    } finally {
      await other.app.close();
    }
    // Once that process is gone, its key is released at once.
    const after = await postNote(ctx.app, 'held-by-live-0001', 'held by a live process');
    expect(after.statusCode).toBe(201);
    expect(await countNotes('held by a live process')).toBe(1);
  });

  it('a process that starts releases the keys of dead holders and keeps those of live ones', async () => {
    await crashedInstance('crashed-process-2');
    await leaveInProgress('cut-by-crash-0002', 'crashed-process-2');
    await leaveInProgress('held-by-me-00001', ctx.deps.instance.id);
    const started = await buildApp({ config: ctx.config, database: ctx.database, background: false });
    await started.app.close();
    const keys = await queryRows<{ key: string }>(
      ctx.deps.db,
      sql`select key from idempotency_keys where status_code is null order by key`,
    );
    expect(keys.map((k) => k.key)).toEqual(['held-by-me-00001']);
    expect(
      await queryRows<{ id: string }>(
        ctx.deps.db,
        sql`select id from server_instances where id = 'crashed-process-2'`,
      ),
    ).toEqual([]);
  });
});
