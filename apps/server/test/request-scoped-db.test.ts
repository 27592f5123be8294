import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { AssignDevicesResponse } from '@toolkit/contracts/devices.ts';
import { inRequestTransactionNow } from '../src/lib/request-transaction.ts';
import { bearer, type TestContext } from './helpers.ts';
import { fleetOf, injector, openMetro, spareOf } from './metro-fleet.ts';

/**
 * What runs inside the request-scoped database's transaction (db/client.ts, decisions 015, 032
 * and 035): a keyed write's rows and its answer, never its push to the fleet system, which runs
 * after the commit (its answer then replaces the recorded one); an unkeyed write pushes after its
 * own transaction has committed.
 */
describe('request-scoped database: what a write runs inside', () => {
  let ctx: TestContext;
  let demo: string;
  let metro: Client;
  const { get } = injector(
    () => ctx,
    () => demo,
  );

  beforeAll(async () => {
    ({ ctx, demo, metro } = await openMetro());
  });
  afterAll(() => ctx.close());

  /** Assigns a spare device and answers whether the fleet system's assignDevice ran in the request's transaction. */
  async function assignAndWatchPush(headers: Record<string, string>): Promise<boolean[]> {
    return (await assignWatchingPush(headers)).seen;
  }

  async function assignWatchingPush(headers: Record<string, string>) {
    const { devices, vehicles } = await fleetOf(get, metro);
    const vehicle = vehicles.find((v) => !v.isLocal);
    if (!vehicle) throw new Error('no mirrored vehicle');
    const device = spareOf(devices);
    const seen: boolean[] = [];
    const original = ctx.simulator.assignDevice.bind(ctx.simulator);
    const spy = vi.spyOn(ctx.simulator, 'assignDevice').mockImplementation((...args) => {
      seen.push(inRequestTransactionNow());
      return original(...args);
    });
    const assign = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/devices/assign',
        headers: { ...bearer(demo), ...headers },
        payload: { deviceIds: [device.deviceId], vehicleId: vehicle.id, clientId: metro.id },
      });
    try {
      const res = await assign();
      expect(res.statusCode).toBe(200);
      expect(res.json<AssignDevicesResponse>().assignmentResults[0]?.navigatorAssigned).toBe(true);
    } finally {
      spy.mockRestore();
    }
    return { seen, assign };
  }

  it('runs a keyed assignment in the request transaction and its push after the commit; a replay answers what the push did', async () => {
    const { seen, assign } = await assignWatchingPush({ 'idempotency-key': 'request-scoped-db-probe-1' });
    expect(seen).toEqual([false]);
    const replay = await assign();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<AssignDevicesResponse>().assignmentResults[0]).toMatchObject({
      localAssigned: true,
      navigatorAssigned: true,
    });
  });

  it('pushes an unkeyed assignment outside any request transaction', async () => {
    expect(await assignAndWatchPush({})).toEqual([false]);
  });
});
