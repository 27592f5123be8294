import type { Client } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';

/** A fresh app signed in as demo, with demo's largest agency (the metro one) chosen. */
export async function openMetro(): Promise<{ ctx: TestContext; demo: string; metro: Client }> {
  const ctx = await createTestContext();
  const demo = (await login(ctx, 'demo')).token;
  const metro = [...(await clientsOf(ctx, demo))].sort((a, b) => b.vehicleCount - a.vehicleCount)[0];
  if (!metro) throw new Error('no agency');
  return { ctx, demo, metro };
}

/** GET and POST through `inject` with a token (demo's unless another is given), status and JSON body. */
export function injector(ctx: () => TestContext, defaultToken: () => string) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the response type it expects
    get: <T>(url: string, token = defaultToken()) =>
      ctx()
        .app.inject({ method: 'GET', url, headers: bearer(token) })
        .then((r) => ({ status: r.statusCode, body: r.json<T>() })),
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- as above
    post: <T>(url: string, payload: object, token = defaultToken()) =>
      ctx()
        .app.inject({ method: 'POST', url, headers: bearer(token), payload })
        .then((r) => ({ status: r.statusCode, body: r.json<T>() })),
  };
}

type Get = ReturnType<typeof injector>['get'];

/** The agency's devices and vehicles as the API lists them now. */
export async function fleetOf(get: Get, metro: Client): Promise<{ devices: Device[]; vehicles: Vehicle[] }> {
  const devices = (await get<Device[]>(`/api/devices/client/${String(metro.id)}`)).body;
  const vehicles = (await get<Vehicle[]>(`/api/vehicles/client/${String(metro.id)}`)).body;
  return { devices, vehicles };
}

/** An unassigned device (of a type, when given). */
export function spareOf(devices: readonly Device[], type?: string): Device {
  const d = devices.find((x) => x.vehicleId === null && (!type || x.type === type));
  if (!d) throw new Error(`no unassigned ${type ?? ''} device`);
  return d;
}
