import { expect, expectAccessible, test, type ApiClient, type Page } from '../fixtures.ts';

/** The device fields the journeys pick their subjects by. */
interface ApiDevice {
  deviceId: string;
  navigatorDeviceId: string | null;
  type: 'GPS' | 'Tablet' | 'Router' | 'APC' | 'Other';
  status: 'online' | 'offline' | 'warning' | 'error';
  vehicleId: number | null;
  phone: string | null;
  deviceSystem: string | null;
}

const AGENCY = 'Valley Vista Transit';
const LOAD_TIMEOUT = { timeout: 20_000 };

// Each journey signs in, picks the agency and waits on the simulator: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

async function chooseAgency(page: Page): Promise<void> {
  await page.getByRole('button', { name: new RegExp(AGENCY) }).click();
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible();
}

async function agencyDevices(api: { get<T>(path: string, token: string): Promise<T> }, token: string): Promise<ApiDevice[]> {
  const clients = await api.get<ApiClient[]>('/api/clients', token);
  const agency = clients.find((c) => c.fullName === AGENCY);
  if (!agency) throw new Error(`${AGENCY} is not among demo's clients`);
  return api.get<ApiDevice[]>(`/api/devices/client/${String(agency.id)}`, token);
}

/** The row's summary button: its accessible name starts with the device id. */
function deviceRow(page: Page, deviceId: string) {
  return page.getByRole('list', { name: 'Devices' }).getByRole('button', { name: new RegExp(`^${deviceId}`) });
}

test('the list shows the agency devices and filters by type', async ({ signedInPage: page }) => {
  await chooseAgency(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' }).click();
  await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Showing 50 of [\d,]+ devices$/)).toBeVisible(LOAD_TIMEOUT);

  const chips = page.getByRole('group', { name: 'Filter by type' }).getByRole('button');
  await expect(chips).toHaveText([/^All \(/, /^GPS \(/, /^Tablet \(/, /^Router \(/, /^APC \(/, /^Other \(/]);
  await expect(page.getByText('Unassigned', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: /^Router \(/ }).click();
  await expect(page.getByRole('button', { name: /^Router \(/ })).toHaveAttribute('aria-pressed', 'true');
  const rows = page.getByRole('list', { name: 'Devices' }).getByRole('button', { expanded: false });
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allTextContents()) expect(text).toContain('Router');
  await expect(page.getByRole('button', { name: 'Create Router Device' })).toBeVisible();

  await page.getByRole('button', { name: /^Other \(/ }).click();
  await expect(page.getByText('Non-reporting').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Create .* Device$/ })).toHaveCount(0);
});

test('a spare device is assigned to a vehicle', async ({ signedInPage: page, api, demoToken }, testInfo) => {
  // Each project takes a spare of its own type: the projects share one server.
  const type = testInfo.project.name === 'phone' ? 'APC' : 'Tablet';
  const spare = (await agencyDevices(api, demoToken)).find((d) => d.type === type && d.vehicleId === null);
  if (!spare) throw new Error(`no spare ${type} to assign`);
  await chooseAgency(page);
  await page.goto(`/devices?deviceId=${spare.deviceId}`);
  await expect(page).toHaveURL(/\/devices$/);
  const row = deviceRow(page, spare.deviceId);
  await expect(row).toHaveAttribute('aria-expanded', 'true', LOAD_TIMEOUT);
  await expect(row).toContainText('Unassigned');

  await page.getByRole('button', { name: 'Assign to Vehicle' }).click();
  const dialog = page.getByRole('dialog', { name: `Assign ${spare.deviceId}` });
  await expect(dialog.getByLabel('Vehicle ID')).toBeVisible(LOAD_TIMEOUT);
  await dialog.getByLabel('Vehicle ID').fill('21');
  const choice = dialog.getByRole('button', { name: /^Vehicle 21\d/ }).first();
  const label = ((await choice.textContent()) ?? '').match(/^Vehicle (21\d)/)?.[1] ?? '';
  await choice.click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: `Assign to Vehicle ${label}` }).click();

  // A push the external system refused is reported after the server message.
  await expect(page.getByText(/^1 devices (successfully assigned to the external system\.|assigned locally\.\.\.)/)).toBeVisible(LOAD_TIMEOUT);
  await expect(page.getByRole('status', { name: 'Last change' })).toContainText(/Assigned: (reached the external system|saved locally only)/);
  await expect(deviceRow(page, spare.deviceId)).toContainText(`Vehicle ${label}`);
});

test('a Router device is created from the Router filter', async ({ signedInPage: page }, testInfo) => {
  await chooseAgency(page);
  await page.goto('/devices');
  await page.getByRole('button', { name: /^Router \(/ }).click();
  await page.getByRole('button', { name: 'Create Router Device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Router Device' });
  await expect(dialog.getByLabel(/^Device system/)).toBeVisible(LOAD_TIMEOUT);
  await dialog.getByLabel(/^Device name/).fill(`Router e2e ${testInfo.project.name}`);
  await dialog.getByLabel(/^Device system/).selectOption('Cradlepoint IBR900');
  await expect(dialog.getByLabel('ESN')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Device' }).click();
  await expect(dialog.getByText('Required fields missing for selected device type')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel(/^Serial number/).fill(`WAE2E${String(Date.now()).slice(-8)}`);
  await dialog.getByRole('button', { name: 'Create Device' }).click();
  await expect(page.getByText('Device Created', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('!R0 to an online GPS unit shows the status checks', async ({ signedInPage: page, api, demoToken }) => {
  const gps = (await agencyDevices(api, demoToken)).find(
    (d) => d.type === 'GPS' && d.status === 'online' && d.phone !== null && d.navigatorDeviceId !== null,
  );
  if (!gps) throw new Error('no online GPS unit with a phone');
  await chooseAgency(page);
  await page.goto(`/devices?deviceId=${gps.deviceId}`);
  await expect(deviceRow(page, gps.deviceId)).toHaveAttribute('aria-expanded', 'true', LOAD_TIMEOUT);
  await page.getByRole('button', { name: 'Control Panel' }).click();
  const panel = page.getByRole('dialog', { name: `Control Panel: ${gps.deviceId}` });
  await panel.getByRole('button', { name: 'Status Report (!R0)' }).click();

  const checks = panel.getByRole('list', { name: 'Status checks' });
  await expect(checks.getByRole('listitem')).toHaveCount(5, { timeout: 15_000 });
  await expect(checks).toContainText('Signal strength');
  await expect(checks).toContainText('Data session');
  await expect(checks).toContainText('GPS antenna and fix');
  await expect(checks).toContainText('Input voltage');
  await expect(panel.getByText(/^APP:/)).toBeVisible();
  await expectAccessible(page);
});
