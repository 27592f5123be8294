import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { AssignDevicesResponse, Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { queryRows } from '../src/db/query.ts';
import { deviceSubject, vehicleSubject } from '../src/modules/sync/outbox.service.ts';
import { STANDIN_USERS } from '../tools/traccar-standin/standin-seed.ts';
import { crashedProcess, until } from './outbox-crash-helpers.ts';
import { bearer, signInToTraccar, traccarRig } from './traccar-helpers.ts';

/**
 * Issue 32, section 7, on Traccar: a process killed after Traccar took a push and before it was
 * recorded. Another process's next drain finds the holder dead and the push due at once (not after
 * the 60 s lease), reads Traccar's state first, and writes nothing again.
 */
describe('FLEET_PROVIDER=traccar: a push cut by a crash is written once', () => {
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

  const list = async <T>(what: 'devices' | 'vehicles') =>
    (
      await rig.ctx.app.inject({ url: `/api/${what}/client/${String(metro.id)}`, headers: bearer(token) })
    ).json<T[]>();
  /** Saved while Traccar was down; it is back, and the push is due now. */
  const savedWhileDown = async <T>(write: () => Promise<T>): Promise<T> => {
    await rig.standin.stop();
    try {
      return await write();
    } finally {
      await rig.standin.start();
      await rig.ctx.deps.db.execute(sql`update outbox set next_attempt_at = now() where status = 'pending'`);
    }
  };
  const statusesOf = async (subject: string) =>
    (
      await queryRows<{ status: string }>(
        rig.ctx.deps.db,
        sql`select status from outbox where subject = ${subject} order by id`,
      )
    ).map((r) => r.status);
  const putsSince = (from: number, path: string) =>
    rig.standin.writes.slice(from).filter((w) => w.method === 'PUT' && w.path.startsWith(path));

  it('an assignment Traccar took is settled by the next drain, with no second PUT', async () => {
    const devices = await list<Device>('devices');
    const spare = devices.find((d) => d.vehicleId === null && d.type === 'GPS');
    const target = devices.find((d) => d.vehicleId !== null);
    if (!spare || target?.vehicleId == null) throw new Error('fixture');
    const vehicleId = target.vehicleId;
    const saved = await savedWhileDown(() =>
      rig.ctx.app.inject({
        method: 'POST',
        url: '/api/devices/assign',
        headers: bearer(token),
        payload: { clientId: metro.id, vehicleId, deviceIds: [spare.deviceId] },
      }),
    );
    expect(saved.json<AssignDevicesResponse>().assignmentResults[0]).toMatchObject({
      localAssigned: true,
      navigatorAssigned: false,
    });
    const subject = deviceSubject(spare.id);
    const from = rig.standin.writes.length;
    const crashed = await crashedProcess(rig.ctx, 'traccar-crash-process-1');
    void crashed.outbox.pushNow(subject);
    await until(() => crashed.landed.length === 1);
    expect(putsSince(from, '/api/devices/')).toHaveLength(1);

    await rig.ctx.deps.outbox.drain();
    expect(await statusesOf(subject)).toEqual(['done']);
    expect(putsSince(from, '/api/devices/')).toHaveLength(1);
  });

  it('a vehicle edit Traccar took is settled by the next drain, with no second PUT', async () => {
    const vehicle = (await list<Vehicle>('vehicles')).find((v) => !v.isLocal);
    if (!vehicle) throw new Error('fixture');
    const saved = await savedWhileDown(() =>
      rig.ctx.app.inject({
        method: 'PATCH',
        url: `/api/vehicles/${String(vehicle.id)}`,
        headers: bearer(token),
        payload: { make: 'Crash Coach', odometer: 4242 },
      }),
    );
    expect(saved.statusCode).toBe(200);
    const subject = vehicleSubject(vehicle.id);
    const from = rig.standin.writes.length;
    const crashed = await crashedProcess(rig.ctx, 'traccar-crash-process-2');
    void crashed.outbox.pushNow(subject);
    await until(() => crashed.landed.length === 1);
    expect(putsSince(from, '/api/groups/')).toHaveLength(1);

    await rig.ctx.deps.outbox.drain();
    expect(await statusesOf(subject)).toEqual(['done']);
    expect(putsSince(from, '/api/groups/')).toHaveLength(1);
  });
});
