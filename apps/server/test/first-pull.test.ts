import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import type { Client, FleetOverview } from '@toolkit/contracts/clients.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { ProviderUnavailableError } from '../src/providers/fleet/fleet-provider.ts';
import { bearer, createTestContext, DEMO_PASSWORD, type TestContext } from './helpers.ts';

/** Holds the simulator's device lists until released: the first pull of a fleet cannot land. */
function holdDeviceLists(ctx: TestContext) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const original = ctx.simulator.listDevices.bind(ctx.simulator);
  const spy = vi.spyOn(ctx.simulator, 'listDevices').mockImplementation(async (id) => {
    await released;
    return original(id);
  });
  return { release, spy };
}

const settledWithin = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('sign-in does not wait for the first pull of the fleets (issue 17)', () => {
  let ctx: TestContext;

  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await ctx.close();
  });

  const signIn = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'demo', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return res.json<LoginResponse>();
  };
  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('answers sign-in while the pull is held; lists wait for it and then show the whole fleet', async () => {
    const hold = holdDeviceLists(ctx);
    const { token, user } = await signIn();
    expect(user.clientIds).toHaveLength(2);
    // The pull is out (held): sign-in has answered without it.
    await vi.waitFor(() => expect(hold.spy).toHaveBeenCalled());
    const [clientId = 0] = user.clientIds;

    const vehicles = get(`/api/vehicles/client/${String(clientId)}`, token);
    const clients = get('/api/clients', token);
    const overview = get(`/api/clients/${String(clientId)}/overview`, token);
    // Nothing answers an empty fleet as if it were the truth while the pull is out.
    expect(await settledWithin(vehicles, 300)).toBe(false);
    expect(await settledWithin(clients, 50)).toBe(false);
    expect(await settledWithin(overview, 50)).toBe(false);

    hold.release();
    const list = (await vehicles).json<Vehicle[]>();
    expect(list.length).toBeGreaterThan(0);
    const counts = (await clients).json<Client[]>();
    expect(counts.every((c) => c.vehicleCount > 0 && c.deviceCount > 0)).toBe(true);
    expect(counts.find((c) => c.id === clientId)?.vehicleCount).toBe(list.length);
    const o = (await overview).json<FleetOverview>();
    expect(o.totalVehicles).toBe(list.length);
    expect(o.lastSyncedAt).not.toBeNull();
  });

  it('answers 503 {code, message} when the first pull fails, then the fleet once the system is back', async () => {
    const original = ctx.simulator.listDevices.bind(ctx.simulator);
    let down = true;
    vi.spyOn(ctx.simulator, 'listDevices').mockImplementation(async (id) => {
      if (down) throw new ProviderUnavailableError('fleet system down');
      return original(id);
    });
    const { token, user } = await signIn();
    const [clientId = 0] = user.clientIds;
    const failed = await get(`/api/vehicles/client/${String(clientId)}`, token);
    expect(failed.statusCode).toBe(503);
    const error = failed.json<{ code: string; message: string }>();
    expect(Object.keys(error).sort()).toEqual(['code', 'message']);
    expect(error.code).toBe('PROVIDER_UNAVAILABLE');
    expect((await get('/api/clients', token)).statusCode).toBe(503);

    down = false;
    const ok = await get(`/api/vehicles/client/${String(clientId)}`, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Vehicle[]>().length).toBeGreaterThan(0);
  });

  it('serves a fleet already mirrored at once, while its next pull is still out', async () => {
    const { token, user } = await signIn();
    const [clientId = 0] = user.clientIds;
    const first = await get(`/api/vehicles/client/${String(clientId)}`, token);
    expect(first.statusCode).toBe(200);

    const hold = holdDeviceLists(ctx);
    const refresh = ctx.deps.mirror.syncFleet(clientId);
    const again = get(`/api/vehicles/client/${String(clientId)}`, token);
    expect(await settledWithin(again, 2000)).toBe(true);
    expect((await again).body).toBe(first.body);
    hold.release();
    await refresh;
  });

  it('does not pull again at a second sign-in moments after the first pull', async () => {
    const { token, user } = await signIn();
    await get('/api/clients', token);
    const spy = vi.spyOn(ctx.simulator, 'listVehicles');
    await signIn();
    await Promise.all(user.clientIds.map((id) => ctx.deps.mirror.ready(id)));
    await new Promise((r) => setTimeout(r, 50));
    expect(spy).not.toHaveBeenCalled();
  });
});
