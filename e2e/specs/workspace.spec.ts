import { DEMO, expect, expectAccessible, selectAgency, toastTitle, type Page } from '../fixtures.ts';
import { test } from '../support/camera-test.ts';
import { createDevice, escapeRegExp, fleetOf } from '../support/device-journey.ts';
import { labelVideo } from '../support/label-video.ts';
import { pdfText } from '../support/pdf-text.ts';
import { AGENCY, uniqueId } from '../support/vehicle-journey.ts';

/**
 * The installer's whole job on one bus in the workspace (/dashboard): a vehicle of this test's
 * own, three unassigned devices of its own (one read from its label by the fake camera), the
 * assignment, the status refresh, the test, the PDF and the e-mail, and the log of it all.
 */
test.describe.configure({ timeout: 180_000 });

const assignmentList = (page: Page) => page.getByRole('list', { name: 'Devices to assign' });

async function openWorkspaceFromMenu(page: Page) {
  await page.getByRole('button', { name: new RegExp(AGENCY) }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Installer Workspace' }).click();
  await expect(page.getByRole('heading', { name: 'Installer Workspace' })).toBeVisible();
  await expect(page.getByText(AGENCY, { exact: true })).toBeVisible();
  await expect(page.getByText(`Installer: ${DEMO.name}`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Online$/ })).toBeVisible();
}

async function createVehicleInWorkspace(page: Page, vehicleId: string) {
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Vehicle' });
  await add.getByLabel('Vehicle ID').fill(vehicleId);
  await add.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Vehicle Creation' });
  await confirm.getByRole('button', { name: 'Create Vehicle' }).click();
  await expect(toastTitle(page, 'Local vehicle created')).toBeVisible();
  await expect(page.getByText(`Vehicle ${vehicleId}`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\?vehicleId=\d+$/);
}

test(
  'an installer fits, assigns, tests and reports on one bus',
  { tag: '@desktop' },
  async ({ filming, api, request, demoToken }) => {
    const vehicleId = uniqueId('JOB');
    const gps = await createDevice(api, request, demoToken, {
      name: 'Cab GPS',
      type: 'GPS',
      deviceSystem: 'CalAmp LMU-4230',
    });
    const tablet = await createDevice(api, request, demoToken, {
      name: 'Driver tablet',
      type: 'Tablet',
      deviceSystem: 'Samsung MDT',
    });
    const router = await createDevice(api, request, demoToken, {
      name: 'Roof router',
      type: 'Router',
      deviceSystem: 'Cradlepoint IBR900',
      serialNumber: uniqueId('SN'),
    });
    // The GPS unit's label, a Code 128 barcode of its id, filmed by the fake camera.
    const page = await filming(await labelVideo(`label-${gps.deviceId}`, gps.deviceId, 'Code128'));

    await openWorkspaceFromMenu(page);
    await createVehicleInWorkspace(page, vehicleId);
    // The chosen vehicle is in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByText(`Vehicle ${vehicleId}`, { exact: true })).toBeVisible({ timeout: 15_000 });

    // 1. The label scanned with the camera.
    await page.getByRole('button', { name: 'Scan label' }).click();
    const scanner = page.getByRole('dialog', { name: 'Scan Device Label' });
    await expect(scanner).toBeVisible();
    await expect(scanner).toBeHidden({ timeout: 30_000 });
    await expect(assignmentList(page).getByText(gps.deviceId)).toBeVisible();

    // 2. From the agency's unassigned devices.
    await page.getByRole('button', { name: 'Add from list' }).click();
    const picker = page.getByRole('dialog', { name: 'Add from Device List' });
    await picker.getByLabel('Search devices').fill(tablet.deviceId);
    // The listed GPS unit is no longer offered.
    await picker.getByLabel('Search devices').fill(gps.deviceId);
    await expect(picker.getByText('No unassigned device matches.')).toBeVisible();
    await picker.getByLabel('Search devices').fill(tablet.deviceId);
    await picker.getByRole('button', { name: new RegExp(`^${tablet.deviceId} Tablet$`) }).click();
    await expect(picker).toBeHidden();

    // 3. By typing its id; then a repeat, refused.
    const deviceField = page.getByLabel('Device ID', { exact: true });
    await deviceField.fill(router.deviceId);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(assignmentList(page).getByRole('listitem')).toHaveCount(3);
    await deviceField.fill(gps.deviceId);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(`${gps.deviceId} is already in the assignment list`).first()).toBeVisible();
    await expect(assignmentList(page).getByRole('listitem')).toHaveCount(3);
    await deviceField.fill('NO-SUCH-DEVICE-42');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Device not found').first()).toBeVisible();

    // Assign the whole list.
    await page.getByRole('button', { name: `Assign 3 to ${vehicleId}` }).click();
    await expect(toastTitle(page, 'Devices Assigned')).toBeVisible();
    await expect(page.getByText('No devices in the list yet.')).toBeVisible();
    const results = page.getByRole('region', { name: 'Assignment results' });
    for (const d of [gps, tablet, router])
      await expect(results.getByText(new RegExp(`^${d.deviceId}: Assigned`))).toBeVisible();

    // Device status of the vehicle, then refreshed from the external system.
    const onVehicle = page.getByRole('list', { name: `Devices on ${vehicleId}` });
    await expect(onVehicle.getByRole('listitem')).toHaveCount(3);
    await expect(onVehicle.getByText('Last seen:').first()).toBeVisible();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(page.getByText(/^Last refreshed at \d{2}:\d{2}$/)).toBeVisible();

    // The configuration test: five results.
    await page.getByRole('button', { name: 'Run Test' }).click();
    const testResults = page.getByRole('list', { name: 'Test results' });
    await expect(testResults.getByRole('listitem')).toHaveCount(5);
    for (const name of ['GPS', 'Connectivity', 'Head-sign', 'Clock sync', 'Audio'])
      await expect(testResults.getByText(name, { exact: true })).toBeVisible();

    // The PDF: a real one that names the vehicle and its devices.
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const open = page.getByRole('link', { name: 'Open PDF report' });
    await expect(open).toBeVisible();
    const href = await open.getAttribute('href');
    expect(href).toMatch(/^\/api\/reports\/\d+\/pdf\?key=/);
    const pdf = await request.get(href ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const body = await pdf.body();
    expect(body.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(body);
    expect(text).toContain(vehicleId);
    for (const d of [gps, tablet, router]) expect(text).toContain(d.deviceId);

    // The e-mail: the address is checked first.
    const email = page.getByLabel('E-mail address');
    await email.fill('not-an-address');
    await page.getByRole('button', { name: 'E-mail', exact: true }).click();
    await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
    await email.fill('depot.lead@example.com');
    await page.getByRole('button', { name: 'E-mail', exact: true }).click();
    await expect(toastTitle(page, 'Report sent')).toBeVisible();

    // The four actions in the log, under Today, newest first.
    const today = page.getByRole('region', { name: 'Today' });
    for (const action of ['Report Email', 'Report Export', 'Configuration Test', 'Device Assignment'])
      await expect(today.getByText(action, { exact: true }).first()).toBeVisible();
    await expect(today.locator('time').first()).toHaveText(/^\d{2}:\d{2}$/);
    await expectAccessible(page);

    // Usable at 360 px: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(360);
  },
);

test(
  'Start installation on a vehicle row opens the workspace with it; clearing empties the list',
  { tag: '@desktop' },
  async ({ signedInPage: page, api, request, demoToken }) => {
    const vehicleId = uniqueId('ROW');
    const res = await request.get('/api/clients', { headers: { Authorization: `Bearer ${demoToken}` } });
    const clientId = ((await res.json()) as { id: number; fullName: string | null }[]).find(
      (c) => c.fullName === AGENCY,
    )?.id;
    const created = await request.post('/api/vehicles', {
      headers: { Authorization: `Bearer ${demoToken}` },
      data: { vehicleId, description: 'Made by an e2e test', clientId, route: null, status: 'active' },
    });
    expect(created.status()).toBe(201);
    const device = await createDevice(api, request, demoToken, {
      name: 'Spare tablet',
      type: 'Tablet',
      deviceSystem: 'Samsung MDT',
    });

    await page.getByRole('button', { name: new RegExp(AGENCY) }).click({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible({ timeout: 15_000 });
    await page.goto('/vehicles');
    await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(vehicleId);
    await page.getByRole('button', { name: new RegExp(`^${vehicleId} `) }).click();
    await page.getByRole('link', { name: 'Start installation' }).click();
    await expect(page.getByRole('heading', { name: 'Installer Workspace' })).toBeVisible();
    await expect(page.getByText(`Vehicle ${vehicleId}`, { exact: true })).toBeVisible();

    await page.getByLabel('Device ID', { exact: true }).fill(device.deviceId);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(assignmentList(page).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear vehicle' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByLabel('Search vehicles').fill(vehicleId);
    await page
      .getByRole('list', { name: 'Matching vehicles' })
      .getByRole('button', { name: new RegExp(`^${vehicleId} `) })
      .click();
    await expect(page.getByText('No devices in the list yet.')).toBeVisible();
  },
);

test("at 360 × 740 the bus takes two lines and the assignment list's first action is above the fold", async ({
  signedInPage: page,
  api,
  demoToken,
}) => {
  // A bus of the agency's fleet with its whole identity filled in, the longest description of them.
  const { vehicles } = await fleetOf(api, demoToken, AGENCY);
  const [bus] = vehicles
    .filter((v) => v.make !== null && v.model !== null && v.year !== null && v.description !== null)
    .sort((a, b) => (b.description ?? '').length - (a.description ?? '').length);
  if (!bus?.model) throw new Error('the agency has no bus with make, model, year and description');
  await page.setViewportSize({ width: 360, height: 740 });
  await selectAgency(page, AGENCY);
  await page.goto(`/dashboard?vehicleId=${String(bus.id)}`);
  await expect(page.getByText(`Vehicle ${bus.vehicleId}`, { exact: true })).toBeVisible({ timeout: 15_000 });
  // Make, model and year said once.
  await expect(page.getByText(new RegExp(escapeRegExp(bus.model)))).toHaveCount(1);

  // Unscrolled, the list's first action is whole on the screen, above the bottom navigation.
  const first = page.getByRole('button', { name: 'Add from list' });
  await expect(first).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await first.boundingBox();
  const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  const bottom = box ? box.y + box.height : Number.POSITIVE_INFINITY;
  expect(bottom).toBeLessThanOrEqual(740);
  expect(bottom).toBeLessThanOrEqual(nav?.y ?? 740);
  expect(box?.height).toBeGreaterThanOrEqual(44);
});
