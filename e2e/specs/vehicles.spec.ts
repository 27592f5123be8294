import { expect, expectAccessible, test, type ApiClient, type Page } from '../fixtures.ts';

interface ApiVehicle {
  id: number;
  vehicleId: string;
  description: string | null;
  connectionStatus: 'online' | 'unknown' | 'offline';
}

const AGENCY = 'Valley Vista Transit';
const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${String(Math.floor(Math.random() * 1000))}`;

/** A toast's title (Radix also copies it into a live region for screen readers). */
const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

/** Signed in, the agency chosen on /clients, then `path` opened. */
async function openVehicles(page: Page, path = '/vehicles'): Promise<void> {
  await page.getByRole('button', { name: new RegExp(AGENCY) }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible({ timeout: 15_000 });
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Vehicles' })).toBeVisible();
  // The sort button appears with the loaded list.
  await expect(page.getByRole('button', { name: /^Sort: Name/ })).toBeVisible({ timeout: 15_000 });
}

async function agencyVehicles(api: { get<T>(p: string, t: string): Promise<T> }, token: string): Promise<ApiVehicle[]> {
  const clients = await api.get<ApiClient[]>('/api/clients', token);
  const agency = clients.find((c) => c.fullName === AGENCY);
  if (!agency) throw new Error(`${AGENCY} is missing`);
  return api.get<ApiVehicle[]>(`/api/vehicles/client/${String(agency.id)}`, token);
}

// Journeys with several dialogs against a server that simulates a live fleet: give them room.
test.describe.configure({ timeout: 120_000 });

const vehicleList = (page: Page) => page.getByRole('list', { name: 'Vehicles' });
const rowButton = (page: Page, vehicleId: string) => vehicleList(page).getByRole('button', { name: new RegExp(`^${vehicleId} `) });

test('filter from ?filter=, search and expand a row', async ({ signedInPage: page, api, demoToken }) => {
  await openVehicles(page, '/vehicles?filter=offline');
  const offlineChip = page.getByRole('button', { name: /^Offline \d+$/ });
  await expect(offlineChip).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: /^All \d+$/ })).toHaveAttribute('aria-pressed', 'false');
  const first = vehicleList(page).getByRole('listitem').first();
  if (await first.isVisible()) await expect(first).toContainText('Offline');
  await expectAccessible(page);

  await page.getByRole('button', { name: /^All \d+$/ }).click();
  await expect(page.getByText(/^Total: \d+ vehicles$/)).toBeVisible();
  const vehicles = await agencyVehicles(api, demoToken);
  const target = vehicles.find((v) => v.vehicleId === '250') ?? vehicles[0];
  if (!target) throw new Error('no vehicles');
  await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(target.vehicleId);
  await expect(page.getByText(/^Found \d+ vehicles?$/)).toBeVisible();
  await rowButton(page, target.vehicleId).click();
  await expect(rowButton(page, target.vehicleId)).toHaveAttribute('aria-expanded', 'true');
  for (const label of ['Description', 'Route', 'VIN', 'Seated capacity', 'Doors']) await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Connected devices/ })).toBeVisible();
  for (const action of ['Vehicle Info', 'Add Device', 'Add Picture', 'Add Notes']) await expect(page.getByRole('button', { name: action })).toBeVisible();

  // Add Device: a type filter, the unassigned devices of that type and the devices feature's Create Device dialog.
  await page.getByRole('button', { name: 'Add Device' }).click();
  const addDevice = page.getByRole('dialog', { name: 'Add Device' });
  await addDevice.getByRole('group', { name: 'Device type' }).getByRole('button', { name: 'GPS' }).click();
  await addDevice.getByRole('button', { name: 'Create New GPS Device' }).click();
  await expect(page.getByRole('dialog', { name: 'Create GPS Device' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Create GPS Device' })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(addDevice).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search vehicles' }).fill('no such bus anywhere');
  await expect(page.getByText('Found 0 vehicles')).toBeVisible();
  await expect(page.getByText('No vehicles found')).toBeVisible();
});

test('create a vehicle (duplicate rejected), then edit it with validation, VIN decode and save', async ({ signedInPage: page }) => {
  await openVehicles(page);
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Vehicle' });
  await dialog.getByLabel('Vehicle ID').fill('  201 ');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Vehicle 201 already exists');
  await expectAccessible(page);

  const id = uniqueId('e2e');
  await dialog.getByLabel('Vehicle ID').fill(id.toLowerCase());
  await dialog.getByLabel('Description (optional)').fill('Made by the vehicles e2e test');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Vehicle Creation' });
  await expect(confirm).toContainText(id.toLowerCase());
  await confirm.getByRole('button', { name: 'Create Vehicle' }).click();
  await expect(toastTitle(page, 'Local vehicle created')).toBeVisible();
  await expect(confirm).toBeHidden();

  // The same id in another case is now a duplicate.
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await page.getByRole('dialog', { name: 'Add New Vehicle' }).getByLabel('Vehicle ID').fill(id.toUpperCase());
  await page.getByRole('dialog', { name: 'Add New Vehicle' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Vehicle' }).getByRole('alert')).toHaveText(`Vehicle ${id.toUpperCase()} already exists`);
  await page.keyboard.press('Escape');

  await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(id);
  await expect(page.getByText('Found 1 vehicle')).toBeVisible();
  await rowButton(page, id.toLowerCase()).click();
  await page.getByRole('button', { name: 'Vehicle Info' }).click();
  const editor = page.getByRole('dialog', { name: 'Vehicle Information' });
  await editor.getByLabel('VIN').fill('15ggd2716d118219');
  await expect(editor.getByText('VIN must be exactly 17 characters')).toBeVisible();
  await editor.getByLabel('Year').fill('1899');
  await editor.getByLabel('Odometer (miles)').fill('10000000');
  await editor.getByLabel('Odometer (miles)').blur();
  await expect(editor.getByText('Year must be between 1900 and next year')).toBeVisible();
  await expect(editor.getByText('Odometer must be between 0 and 9,999,999 miles')).toBeVisible();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Please enter a valid 17-character VIN.')).toBeVisible();
  await expectAccessible(page);

  // Make, model and year empty: 17 valid characters decode by themselves after a pause. The test
  // server cannot reach vPIC, so the offline decoder answers.
  await editor.getByLabel('Year').fill('');
  await editor.getByLabel('VIN').fill('15ggd2716d1182194');
  await expect(editor.getByLabel('VIN')).toHaveValue('15GGD2716D1182194');
  await expect(editor.getByText('Valid VIN format')).toBeVisible();
  await expect(editor.getByLabel('Make')).toHaveValue('GILLIG');
  await expect(editor.getByLabel('Year')).toHaveValue('2013');
  await expect(editor.getByText(/Decoded offline/)).toBeVisible();
  await editor.getByLabel('Odometer (miles)').fill('123456');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(toastTitle(page, 'Vehicle Updated')).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(vehicleList(page).getByText('15GGD2716D1182194')).toBeVisible();
});

test.describe('offline', () => {
  // The app shell comes from the service worker once the connection is gone.
  test.use({ serviceWorkers: 'allow' });

  test('the cached list with its toast; a vehicle created offline is sent when back online', async ({ signedInPage: page, context }) => {
    await openVehicles(page);
    const total = page.getByText(/^Total: \d+ vehicles$/);
    const totalText = (await total.textContent()) ?? '';
    const count = /\d+/.exec(totalText)?.[0] ?? '?';
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByText(totalText)).toBeVisible({ timeout: 15_000 });

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(`Loaded ${count} vehicles from cache. Connect to internet for latest updates.`).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/^Offline copy from/)).toBeVisible();
    await expect(page.getByText(totalText)).toBeVisible();

    const id = uniqueId('OFF');
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await page.getByRole('dialog', { name: 'Add New Vehicle' }).getByLabel('Vehicle ID').fill(id);
    await page.getByRole('dialog', { name: 'Add New Vehicle' }).getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Confirm Vehicle Creation' }).getByRole('button', { name: 'Create Vehicle' }).click();
    await expect(page.getByText(/You are offline: vehicle .* is saved on this device/).first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(id);
    await expect(rowButton(page, id)).toContainText('Pending sync');

    await context.setOffline(false);
    await expect(toastTitle(page, 'Offline vehicles synced')).toBeVisible({ timeout: 15_000 });
    await expect(rowButton(page, id)).not.toContainText('Pending sync');
    await expect(rowButton(page, id)).toContainText('Offline');
  });
});
