import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import type { AssignDevicesResponse, Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { countPendingPushes } from '../src/modules/health/health.repository.ts';
import { STANDIN_PASSWORD, STANDIN_USERS } from '../tools/traccar-standin/standin-seed.ts';
import { bearer, traccarRig } from './traccar-helpers.ts';

/**
 * Drill (issue 26): the Traccar stand-in goes down in the middle of a burst of assignments, some
 * of them in flight; every assignment reaches it exactly once after it is back.
 */
describe('Traccar drill: down in the middle of a burst of assignments', () => {
  const rig = traccarRig({ standin: { vehicles: [16, 2, 1], spares: 12 } });

  it('every write reaches Traccar exactly once after it is back', async () => {
    const login = (
      await rig.ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: STANDIN_USERS.installer.email, password: STANDIN_PASSWORD, rememberMe: false },
      })
    ).json<LoginResponse>();
    const metro = login.user.clientIds[0] ?? 0;
    await rig.ctx.deps.mirror.syncFleet(metro);
    const get = async <T>(url: string) =>
      (await rig.ctx.app.inject({ method: 'GET', url, headers: bearer(login.token) })).json<T[]>();
    const spares = (await get<Device>(`/api/devices/client/${String(metro)}`)).filter(
      (d) => d.vehicleId === null,
    );
    const buses = await get<Vehicle>(`/api/vehicles/client/${String(metro)}`);
    expect(spares.length).toBe(12);

    // Writes answered after 150 ms; the stand-in goes down while some are in flight.
    rig.standin.writeDelayMs = 150;
    const burst = spares.map((device, i) =>
      rig.ctx.app.inject({
        method: 'POST',
        url: '/api/devices/assign',
        headers: { ...bearer(login.token), 'idempotency-key': randomUUID() },
        payload: { deviceIds: [device.deviceId], vehicleId: buses[i]?.id, clientId: metro },
      }),
    );
    // Down as soon as the first write reaches it: that one (held 150 ms) is applied with its answer
    // lost, and the others are in flight or refused (a timer was not enough: on a fast machine the
    // whole burst could be answered before it fired).
    const down = (async () => {
      while (rig.standin.writesReceived === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      await rig.standin.stop();
    })();
    const answers = await Promise.all(burst);
    await down;
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json<AssignDevicesResponse>().assignmentResults[0]?.localAssigned).toBe(true);
    }
    const pushedBefore = answers.filter(
      (a) => a.json<AssignDevicesResponse>().assignmentResults[0]?.navigatorAssigned,
    ).length;
    expect(pushedBefore).toBeLessThan(12);

    await rig.standin.start();
    rig.standin.writeDelayMs = 0;
    await expect
      .poll(
        async () => {
          await rig.ctx.deps.outbox.drain();
          return countPendingPushes(rig.ctx.deps.db);
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(0);

    for (const [i, device] of spares.entries()) {
      const tc = rig.standin.state.deviceByUniqueId(device.deviceId);
      const busGroup = [...rig.standin.state.groups.values()].find((g) => g.name === buses[i]?.vehicleId);
      expect(tc?.groupId).toBe(busGroup?.id);
      const puts = rig.standin.writes.filter(
        (w) => w.method === 'PUT' && w.path === `/api/devices/${String(tc?.id)}`,
      );
      expect(puts).toHaveLength(1);
    }
  });
});
