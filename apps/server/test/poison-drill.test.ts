import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '@toolkit/contracts/devices.ts';
import { queryRows } from '../src/db/query.ts';
import type { ProviderDevice } from '../src/providers/fleet/fleet-provider.ts';
import { bearer, createTestContext, login, type TestContext } from './helpers.ts';

/**
 * Poison drill (issue 11, point 1): bad rows in the fleet system never stop a pull; the rest of
 * the agency and every other agency keep syncing, and `/api/health` counts what was refused.
 */
describe('poison drill', () => {
  let ctx: TestContext;
  let token: string;
  let agencies: { id: number; external: string }[];

  beforeAll(async () => {
    ctx = await createTestContext();
    const session = await login(ctx);
    token = session.token;
    agencies = (
      await queryRows<{ id: number; external_id: string }>(
        ctx.deps.db,
        sql`select id, external_id from clients order by id`,
      )
    ).map((r) => ({ id: Number(r.id), external: r.external_id }));
  });
  afterAll(() => ctx.close());

  const sync = (clientId: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/devices/sync',
      headers: bearer(token),
      payload: { clientId },
    });

  it('pulls every other row and agency past a device with NUL bytes and a row that does not fit', async () => {
    const [poisoned, healthy] = agencies;
    if (!poisoned || !healthy) throw new Error('fixture: two agencies');
    // Created in the platform's own screens, bad bytes included (the server's API refuses them).
    await ctx.simulator.createDevice({
      clientExternalId: poisoned.external,
      type: 'GPS',
      name: 'Poison\u0000Unit',
      deviceSystem: 'CalAmp LMU-3640',
      serialNumber: null,
      serialNumberESN: '\u0000\u0000POISON-ESN',
      phoneNumber: '5551234567',
      simCardId: null,
      imei: null,
      heightToFloor: null,
      heightToStreet: null,
      hasStairs: false,
    });
    // And one row no column can hold: the platform reports a signal of 2^40 and a broken date.
    const listDevices = ctx.simulator.listDevices.bind(ctx.simulator);
    ctx.simulator.listDevices = async (clientExternalId: string): Promise<ProviderDevice[]> => {
      const rows = await listDevices(clientExternalId);
      const template = rows[0];
      if (clientExternalId !== poisoned.external || !template) return rows;
      return [
        ...rows,
        {
          ...template,
          externalId: 'dev-overflow',
          deviceId: 'GPS-OVERFLOW',
          signalStrength: 2 ** 40,
          lastHeartbeat: 'yesterday-ish',
        },
      ];
    };

    const pulled = await sync(poisoned.id);
    expect(pulled.statusCode).toBe(200);
    expect((await sync(healthy.id)).statusCode).toBe(200);

    const local = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/devices/client/${String(poisoned.id)}`,
        headers: bearer(token),
      })
    ).json<Device[]>();
    const remote = await listDevices(poisoned.external);
    // Every remote device but the one that does not fit is mirrored, the NUL one cleaned.
    expect(local.filter((d) => d.navigatorDeviceId !== null).length).toBe(remote.length);
    const cleaned = local.find((d) => d.serialNumberESN === 'POISON-ESN');
    expect(cleaned?.name).toBe('PoisonUnit');
    expect(local.some((d) => d.deviceId === 'GPS-OVERFLOW')).toBe(false);

    const vehicles = await queryRows<{ id: number }>(
      ctx.deps.db,
      sql`select id from vehicles where client_id = ${poisoned.id} and external_id is not null limit 1`,
    );
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices/status/refresh',
      headers: bearer(token),
      payload: { vehicleId: Number(vehicles[0]?.id) },
    });
    expect(refresh.statusCode).toBe(200);

    const health = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json<{
      remoteRowsSkipped: number;
      remoteValuesSanitized: number;
    }>();
    expect(health.remoteRowsSkipped).toBeGreaterThanOrEqual(1);
    expect(health.remoteValuesSanitized).toBeGreaterThanOrEqual(2);
  });
});
