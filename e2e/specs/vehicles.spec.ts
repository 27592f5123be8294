import type { Note } from '@toolkit/contracts/notes.ts';
import type { Photo } from '@toolkit/contracts/photos.ts';
import { expect, expectAccessible, test, toastTitle } from '../fixtures.ts';
import { test as cameraTest } from '../support/camera-test.ts';
import { jpegSize } from '../support/jpeg-size.ts';
import {
  addVehicleThroughDialogs,
  agencyVehicles,
  keptVehicleCount,
  offlineVehiclesLeft,
  createVehicle,
  expandVehicle,
  openVehicles,
  rowButton,
  uniqueId,
  vehicleList,
} from '../support/vehicle-journey.ts';

// Journeys with several dialogs against a server that simulates a live fleet: give them room.
test.describe.configure({ timeout: 120_000 });

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
  for (const label of ['Description', 'Route', 'VIN', 'Seated capacity', 'Doors'])
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Connected devices/ })).toBeVisible();
  for (const action of ['Vehicle Info', 'Add Device', 'Add Picture', 'Add Notes'])
    await expect(page.getByRole('button', { name: action })).toBeVisible();

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

test('create a vehicle (duplicate rejected), then edit it with validation, VIN decode and save', async ({
  signedInPage: page,
}) => {
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
  await page
    .getByRole('dialog', { name: 'Add New Vehicle' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Add New Vehicle' }).getByRole('alert')).toHaveText(
    `Vehicle ${id.toUpperCase()} already exists`,
  );
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

cameraTest(
  'Add Picture: capture, preview, retake, a type required, then saved',
  async ({ filming, api, request, demoToken }) => {
    const page = await filming(); // Chromium's own test pattern
    const vehicle = await createVehicle(api, request, demoToken, uniqueId('PIC'));
    await openVehicles(page);
    await expandVehicle(page, vehicle.vehicleId);
    await page.getByRole('button', { name: 'Add Picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Picture' });
    await expect(dialog.getByRole('button', { name: 'Capture' })).toBeEnabled();
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Capture' }).click();
    await expect(dialog.getByRole('img', { name: 'Captured photo preview' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Retake' }).click();
    await expect(dialog.getByRole('img', { name: 'Captured photo preview' })).toBeHidden();
    await dialog.getByRole('button', { name: 'Capture' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Photo type is required')).toBeVisible();
    await expectAccessible(page);

    await dialog.getByRole('combobox', { name: 'Photo type' }).click();
    await page.getByRole('option', { name: 'After' }).click();
    await expect(dialog.getByText('Photo type is required')).toBeHidden();
    await dialog.getByLabel('Description (optional)').fill('GPS antenna on the roof');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toastTitle(page, 'Photo Saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    const photos = await api.get<Photo[]>(`/api/photos/vehicle/${String(vehicle.id)}`, demoToken);
    expect(photos.map(({ photoType, description }) => ({ photoType, description }))).toEqual([
      { photoType: 'after', description: 'GPS antenna on the roof' },
    ]);
    // §9: a JPEG from the camera at the preferred 1920x1080 (the fake camera offers it).
    const image = await request.get(photos[0]?.photoUrl ?? '', {
      headers: { Authorization: `Bearer ${demoToken}` },
    });
    const jpeg = `data:image/jpeg;base64,${(await image.body()).toString('base64')}`;
    expect(jpegSize(jpeg)).toEqual({ width: 1920, height: 1080 });
  },
);

test('Add Notes: type and content required, blank never sent, then saved', async ({
  signedInPage: page,
  api,
  request,
  demoToken,
}) => {
  const vehicle = await createVehicle(api, request, demoToken, uniqueId('NOTE'));
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/notes') posts.push(r.postData() ?? '');
  });
  await openVehicles(page);
  await expandVehicle(page, vehicle.vehicleId);
  await page.getByRole('button', { name: 'Add Notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Notes' });
  await dialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(dialog.getByText('Note type is required')).toBeVisible();
  await expect(dialog.getByText('Content required')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('combobox', { name: 'Note type' }).click();
  await page.getByRole('option', { name: 'Issue' }).click();
  await dialog.getByLabel('Note', { exact: true }).fill('  \n\t  ');
  await dialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(dialog.getByText('Content required')).toBeVisible();
  await expect(dialog.getByText('Note type is required')).toBeHidden();
  await dialog.getByLabel('Note', { exact: true }).fill('  Router cable chafed behind the driver seat  ');
  await dialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(toastTitle(page, 'Note Added')).toBeVisible();
  await expect(dialog).toBeHidden();

  expect(posts).toHaveLength(1);
  const notes = await api.get<Note[]>(`/api/notes/vehicle/${String(vehicle.id)}`, demoToken);
  expect(notes.map(({ noteType, content }) => ({ noteType, content }))).toEqual([
    { noteType: 'issue', content: 'Router cable chafed behind the driver seat' },
  ]);
});

test.describe('offline', () => {
  // The app shell comes from the service worker once the connection is gone.
  test.use({ serviceWorkers: 'allow' });

  test('the cached list with its toast; a vehicle created offline, and a note on it, are sent when back online', async ({
    signedInPage: page,
    context,
    api,
    demoToken,
  }) => {
    await openVehicles(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const total = page.getByText(/^Total: \d+ vehicles$/);
    await expect(total).toBeVisible({ timeout: 15_000 });
    const clientId = Number(await page.evaluate(() => localStorage.getItem('selectedClientId')));

    // Other journeys add vehicles to this agency meanwhile, and the list refreshes: the figures are
    // read once the signal has gone, when neither the list shown nor the copy kept can change.
    await context.setOffline(true);
    let totalText = '';
    // The copy on this phone holds the list shown before the signal went.
    await expect
      .poll(async () => {
        totalText = (await total.textContent()) ?? '';
        return Number(/\d+/.exec(totalText)?.[0]) === (await keptVehicleCount(page, clientId));
      })
      .toBe(true);
    const count = /\d+/.exec(totalText)?.[0] ?? '?';
    await page.reload();
    await expect(
      page.getByText(`Loaded ${count} vehicles from cache. Connect to internet for latest updates.`).first(),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/^Offline copy from/)).toBeVisible();
    await expect(page.getByText(totalText)).toBeVisible();

    const id = uniqueId('OFF');
    await addVehicleThroughDialogs(page, id);
    await expect(page.getByText(/^Saved on this device — will be sent when online\./).first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(id);
    await expect(rowButton(page, id)).toContainText('Pending sync');
    await expect(page.getByRole('banner').getByRole('button', { name: '1 waiting' })).toBeVisible();
    expect(await offlineVehiclesLeft(page)).toBe(1);
    // Its actions work at once: a note on it waits for it (decision 036).
    await expandVehicle(page, id);
    await page.getByRole('button', { name: 'Add Notes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Notes' });
    await dialog.getByRole('combobox', { name: 'Note type' }).click();
    await page.getByRole('option', { name: 'Issue' }).click();
    await dialog.getByLabel('Note', { exact: true }).fill('Wiring loom pinched under the step');
    await dialog.getByRole('button', { name: 'Save Note' }).click();
    await expect(toastTitle(page, 'Note Added')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: '2 waiting' })).toBeVisible();

    await context.setOffline(false);
    // The outbox sends them (decision 014), the vehicle first: the header's pending count goes.
    await expect(page.getByRole('banner').getByRole('button', { name: /waiting/ })).toBeHidden({
      timeout: 15_000,
    });
    await expect(rowButton(page, id)).not.toContainText('Pending sync');
    await expect(rowButton(page, id)).toContainText('Offline');
    const made = (await agencyVehicles(api, demoToken)).find((v) => v.vehicleId === id);
    expect(made).toBeDefined();
    const notes = await api.get<Note[]>(`/api/notes/vehicle/${String(made?.id)}`, demoToken);
    expect(notes.map(({ noteType, content }) => ({ noteType, content }))).toEqual([
      { noteType: 'issue', content: 'Wiring loom pinched under the step' },
    ]);
    // §4: the offline list is cleared after the sync.
    expect(await offlineVehiclesLeft(page)).toBe(0);
  });
});
