import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { STANDIN_USERS } from '../tools/traccar-standin/standin-seed.ts';
import { bearer, signInToTraccar, traccarRig } from './traccar-helpers.ts';

const INFO = { vin: '1M8GDM9AXKP042788', make: 'MCI', year: 2019 };

/**
 * A bus made in the toolkit while Traccar is unreachable, and its Vehicle Info filled in before
 * Traccar has it (decision 033): what was set here reaches Traccar, whichever way the two meet.
 */
describe('FLEET_PROVIDER=traccar: Vehicle Info of a bus Traccar does not have yet', () => {
  const rig = traccarRig({ per: 'each' });
  let token: string;
  let metro: Client;
  beforeEach(async () => {
    token = (await signInToTraccar(rig.ctx, STANDIN_USERS.installer.email)).token;
    const clients = (await rig.ctx.app.inject({ url: '/api/clients', headers: bearer(token) })).json<
      Client[]
    >();
    const found = clients.find((c) => c.name === 'Metro Transit');
    if (!found) throw new Error('no Metro Transit');
    metro = found;
  });

  const createVehicle = async (vehicleId: string) =>
    (
      await rig.ctx.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: bearer(token),
        payload: { vehicleId, description: null, clientId: metro.id, route: null, status: 'active' },
      })
    ).json<Vehicle>();
  const editVehicle = (id: number) =>
    rig.ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${String(id)}`,
      headers: bearer(token),
      payload: INFO,
    });
  /** Traccar is back: what waited for it is due now, not after its backoff. */
  const dueNow = () =>
    rig.ctx.deps.db.execute(sql`update outbox set next_attempt_at = now() where status = 'pending'`);
  const groupsNamed = (name: string) => [...rig.standin.state.groups.values()].filter((g) => g.name === name);
  const agencyGroupId = () =>
    Number(
      [...rig.standin.state.groups.values()].find((g) => g.name === 'Metro Transit' && g.groupId === 0)?.id,
    );
  const localVehicle = async (vehicleId: string) => {
    const list = (
      await rig.ctx.app.inject({ url: `/api/vehicles/client/${String(metro.id)}`, headers: bearer(token) })
    ).json<Vehicle[]>();
    return list.find((v) => v.vehicleId === vehicleId);
  };

  it('a group of that name made in Traccar meanwhile is taken as the bus, and gets what was set here', async () => {
    await rig.standin.stop();
    const bus = await createVehicle('2201');
    expect(bus.isLocal).toBe(true);
    expect((await editVehicle(bus.id)).statusCode).toBe(200);
    await rig.standin.start();
    // Someone made the bus in Traccar's own screens while the toolkit could not reach it.
    const id = rig.standin.state.newId();
    rig.standin.state.groups.set(id, { id, name: '2201', groupId: agencyGroupId(), attributes: {} });
    // The pull comes first: it leaves the bus to its create.
    await rig.ctx.deps.mirror.syncFleet(metro.id);
    expect(await localVehicle('2201')).toMatchObject({ isLocal: true, ...INFO });
    await dueNow();
    await rig.ctx.deps.outbox.drain();
    expect(groupsNamed('2201')).toEqual([expect.objectContaining({ id, attributes: INFO })]);
    await rig.ctx.deps.mirror.syncFleet(metro.id);
    expect(await localVehicle('2201')).toMatchObject({ isLocal: false, ...INFO });
  });

  it('an edit made while Traccar is creating the bus follows it there', async () => {
    await rig.standin.stop();
    const bus = await createVehicle('2202');
    await rig.standin.start();
    rig.standin.writeDelayMs = 500;
    await dueNow();
    const draining = rig.ctx.deps.outbox.drain();
    // The create is on its way to Traccar (its POST held 0.5 s): Vehicle Info is saved meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await editVehicle(bus.id)).statusCode).toBe(200);
    await draining;
    await rig.ctx.deps.outbox.drain();
    expect(groupsNamed('2202')).toEqual([expect.objectContaining({ attributes: INFO })]);
    await rig.ctx.deps.mirror.syncFleet(metro.id);
    expect(await localVehicle('2202')).toMatchObject({ isLocal: false, ...INFO });
  });
});
