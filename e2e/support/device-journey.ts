import type { APIRequestContext } from '@playwright/test';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { expect, type Api, type Page } from '../fixtures.ts';

// The device journeys (devices-*.spec.ts) and both projects share one server with the rest of the
// suite: each journey takes subjects of its own per project (see `pick`, whose skips are chosen
// across those files so that no two journeys take the same device or vehicle), changes that move
// the vehicle counts happen in the metro agency only, and failures are injected for a single
// device (and always lifted again).

export const VALLEY = 'Valley Vista Transit';
export const METRO = 'Riverside Metropolitan Transit';
export const LOAD_TIMEOUT = { timeout: 20_000 };
/** Each journey signs in, picks the agency and waits on the simulator: allow for a busy machine. */
export const DEVICE_JOURNEY_TIMEOUT_MS = 90_000;

export type Fleet = { clientId: number; devices: Device[]; vehicles: Vehicle[] };

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The agency's devices and its vehicles known to the external system (no local ones). */
export async function fleetOf(api: Pick<Api, 'get'>, token: string, agency: string): Promise<Fleet> {
  const clients = await api.get<Client[]>('/api/clients', token);
  const client = clients.find((c) => c.fullName === agency);
  if (!client) throw new Error(`${agency} is not among demo's clients`);
  const [devices, vehicles] = await Promise.all([
    api.get<Device[]>(`/api/devices/client/${String(client.id)}`, token),
    api.get<Vehicle[]>(`/api/vehicles/client/${String(client.id)}`, token),
  ]);
  return { clientId: client.id, devices, vehicles: vehicles.filter((v) => !v.isLocal) };
}

/** The subject of this project: counted from the end of the list, one apart per project. */
export function pick<T>(items: readonly T[], project: string, skip = 0): T {
  const item = items[items.length - 1 - skip * 2 - (project === 'phone' ? 0 : 1)];
  if (item === undefined) throw new Error('not enough subjects for both projects');
  return item;
}

/** The row's summary button: its accessible name starts with the device id. */
export function deviceRow(page: Page, deviceId: string) {
  return page
    .getByRole('list', { name: 'Devices' })
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(deviceId)}`) });
}

/** Opens /devices?deviceId=…: that device comes expanded and the parameter leaves the URL. */
export async function openDevice(page: Page, deviceId: string): Promise<void> {
  await page.goto(`/devices?deviceId=${encodeURIComponent(deviceId)}`);
  await expect(page).toHaveURL(/\/devices$/);
  await expect(deviceRow(page, deviceId)).toHaveAttribute('aria-expanded', 'true', LOAD_TIMEOUT);
}

/** Picks a vehicle in the Assign/Reassign dialog by its fleet number. */
export async function chooseVehicle(page: Page, dialogName: string, label: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog.getByLabel('Vehicle ID')).toBeVisible(LOAD_TIMEOUT);
  await dialog.getByLabel('Vehicle ID').fill(label);
  await dialog.getByRole('button', { name: new RegExp(`^Vehicle ${escapeRegExp(label)}(?!\\d)`) }).click();
}

/** The simulator path that injects (or lifts) failures for one device. */
export const failuresOf = (deviceId: string) => `devices/${encodeURIComponent(deviceId)}/failures`;

/** An unassigned device of this test's own in the demo agency, made through the API. */
export async function createDevice(
  api: Api,
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<Device> {
  const clients = await api.get<{ id: number; fullName: string | null }[]>('/api/clients', token);
  const clientId = clients.find((c) => c.fullName === VALLEY)?.id;
  const res = await request.post('/api/devices', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...body, clientId, vehicleId: null },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { device: Device }).device;
}
