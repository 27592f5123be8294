import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { bearer, countNotesWith, createTestContext, login, type TestContext } from './helpers.ts';

/** Issue 11, points 3, 4 and 5: retries after a crash complete the write once, never twice. */
describe('idempotent writes across crashes', () => {
  let ctx: TestContext;
  let token: string;
  let userId: number;
  let clientId: number;
  let vehicles: Vehicle[];

  beforeAll(async () => {
    // A lease far longer than any test: it runs out only when a test moves a key's start back,
    // never because a loaded machine was slow between two requests (issue 33).
    ctx = await createTestContext({ IDEMPOTENCY_LEASE_MS: '60000' });
    const session = await login(ctx);
    token = session.token;
    userId = session.user.id;
    clientId = session.user.clientIds[0] ?? 0;
    vehicles = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/vehicles/client/${String(clientId)}`,
        headers: bearer(token),
      })
    ).json<Vehicle[]>();
  });
  afterAll(() => ctx.close());

  const postNote = (key: string, content: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: { vehicleId: vehicles[0]?.id, noteType: 'general', content },
    });
  const countNotes = (content: string) => countNotesWith(ctx.deps.db, content);

  it('point 3: a key left in progress by a crash is taken over after its lease and the write happens once', async () => {
    const key = 'crashed-key-0001';
    // What a process killed mid-request leaves behind: the key recorded, no answer.
    await ctx.deps.db.execute(
      sql`insert into idempotency_keys (user_id, key, method, path) values (${userId}, ${key}, 'POST', '/api/notes')`,
    );
    const early = await postNote(key, 'after the crash');
    expect(early.statusCode).toBe(409);
    // Its lease runs out: the key's start moved back past it (the clock, not a wait).
    await ctx.deps.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '2 minutes'
          where user_id = ${userId} and key = ${key}`,
    );
    const retry = await postNote(key, 'after the crash');
    expect(retry.statusCode).toBe(201);
    const again = await postNote(key, 'after the crash');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<{ id: number }>().id).toBe(retry.json<{ id: number }>().id);
    expect(await countNotes('after the crash')).toBe(1);
  });

  it('point 4: the same key with another body answers 422 and writes nothing', async () => {
    const key = 'reused-key-0001';
    expect((await postNote(key, 'first body')).statusCode).toBe(201);
    const reused = await postNote(key, 'second body');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used with a different request body',
    });
    expect(await countNotes('second body')).toBe(0);
  });

  it('point 5: a push repeated after its lease ran out has no second effect at the fleet system', async () => {
    const devices = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/devices/client/${String(clientId)}`,
        headers: bearer(token),
      })
    ).json<Device[]>();
    const device = devices.find((d) => d.vehicleId === null && d.navigatorDeviceId !== null);
    const [first, second] = vehicles.filter((v) => !v.isLocal).slice(5, 7);
    if (!device?.navigatorDeviceId || !first || !second) throw new Error('fixture: no spare device');
    const assign = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices/assign',
      headers: bearer(token),
      payload: { deviceIds: [device.deviceId], vehicleId: first.id, clientId },
    });
    expect(assign.statusCode).toBe(200);
    const atFleet = async () =>
      (await ctx.simulator.getDevice(device.navigatorDeviceId ?? ''))?.vehicleExternalId;
    const firstExternal = await atFleet();
    expect(firstExternal).not.toBeNull();
    // Someone moves it in the platform's own screens after the push went through...
    ctx.simulator.assignExternally(device.deviceId, second.vehicleId);
    const moved = await atFleet();
    expect(moved).not.toBe(firstExternal);
    // ...and the server that pushed dies before marking the push done: its lease runs out.
    await ctx.deps.db.execute(
      sql`update outbox set status = 'processing', locked_until = now() - interval '1 second'
          where kind = 'device-assignment' and device_id = ${device.id}`,
    );
    await ctx.deps.outbox.drain();
    expect(await atFleet()).toBe(moved);
  });
});
