import type { APIRequestContext } from '@playwright/test';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { expect, type Api, type Page } from '../fixtures.ts';

export const AGENCY = 'Valley Vista Transit';

export const uniqueId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36).toUpperCase()}${String(Math.floor(Math.random() * 1000))}`;

export const vehicleList = (page: Page) => page.getByRole('list', { name: 'Vehicles' });
export const rowButton = (page: Page, vehicleId: string) =>
  vehicleList(page).getByRole('button', { name: new RegExp(`^${vehicleId} `) });

/** Signed in, the agency chosen on /clients, then `path` opened. */
export async function openVehicles(page: Page, path = '/vehicles'): Promise<void> {
  await page.getByRole('button', { name: new RegExp(AGENCY) }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible({ timeout: 15_000 });
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Vehicles' })).toBeVisible();
  // The sort button appears with the loaded list.
  await expect(page.getByRole('button', { name: /^Sort: Name/ })).toBeVisible({ timeout: 15_000 });
}

async function agency(api: Api, token: string): Promise<Client> {
  const clients = await api.get<Client[]>('/api/clients', token);
  const found = clients.find((c) => c.fullName === AGENCY);
  if (!found) throw new Error(`${AGENCY} is missing`);
  return found;
}

export async function agencyVehicles(api: Api, token: string): Promise<Vehicle[]> {
  return api.get<Vehicle[]>(`/api/vehicles/client/${String((await agency(api, token)).id)}`, token);
}

/** A vehicle of this test's own in the agency, made through the API (the UI path has its own journey). */
export async function createVehicle(
  api: Api,
  request: APIRequestContext,
  token: string,
  vehicleId: string,
): Promise<Vehicle> {
  const { id: clientId } = await agency(api, token);
  const res = await request.post('/api/vehicles', {
    headers: { Authorization: `Bearer ${token}` },
    data: { vehicleId, description: 'Made by an e2e test', clientId, route: null, status: 'active' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Vehicle;
}

/** Adds a vehicle on the Vehicles screen: Add Vehicle, its id, Continue, then Create Vehicle. */
export async function addVehicleThroughDialogs(page: Page, vehicleId: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Vehicle' });
  await add.getByLabel('Vehicle ID').fill(vehicleId);
  await add.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Vehicle Creation' })
    .getByRole('button', { name: 'Create Vehicle' })
    .click();
}

/** Finds the vehicle by its id in the search box and expands its row. */
export async function expandVehicle(page: Page, vehicleId: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(vehicleId);
  await expect(page.getByText('Found 1 vehicle')).toBeVisible();
  await rowButton(page, vehicleId).click();
  await expect(rowButton(page, vehicleId)).toHaveAttribute('aria-expanded', 'true');
}

/**
 * How many vehicle creations the phone still keeps to send: those in the outbox (idb-keyval's
 * 'toolkit-outbox'), plus any list an older version kept under 'vehicles:offline:*'.
 */
export function offlineVehiclesLeft(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const store = open.result.transaction('keyval', 'readonly').objectStore('keyval');
          const keys = store.getAllKeys();
          const outbox = store.get('toolkit-outbox');
          outbox.onerror = () => reject(new Error(String(outbox.error)));
          keys.onerror = () => reject(new Error(String(keys.error)));
          outbox.onsuccess = () => {
            const stored: unknown = outbox.result;
            const entries: readonly unknown[] = Array.isArray(stored) ? (stored as unknown[]) : [];
            const creates = entries.filter(
              (e) =>
                typeof e === 'object' &&
                e !== null &&
                'method' in e &&
                'url' in e &&
                e.method === 'POST' &&
                e.url === '/api/vehicles',
            ).length;
            const legacy = keys.result.filter(
              (k) => typeof k === 'string' && k.startsWith('vehicles:offline:'),
            ).length;
            resolve(creates + legacy);
          };
        };
      }),
  );
}

/** How many vehicles the copy of an agency's list kept on this phone holds (null: none kept yet). */
export function keptVehicleCount(page: Page, clientId: number): Promise<number | null> {
  return page.evaluate(
    (key) =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const got = open.result.transaction('keyval', 'readonly').objectStore('keyval').get(key);
          got.onerror = () => reject(new Error(String(got.error)));
          got.onsuccess = () => {
            const copy: unknown = got.result;
            const data =
              typeof copy === 'object' && copy !== null && 'data' in copy && Array.isArray(copy.data)
                ? copy.data
                : null;
            resolve(data ? data.length : null);
          };
        };
      }),
    `toolkit-query:v1:["/api/vehicles/client",${String(clientId)}]`,
  );
}
