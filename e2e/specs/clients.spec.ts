import type { Client, FleetOverview } from '@toolkit/contracts/clients.ts';
import { VEHICLE_STATUSES, type VehicleConnectionStatus } from '@toolkit/contracts/vehicles.ts';
import {
  NEWCOMER,
  RIVAL,
  expect,
  expectAccessible,
  openSignedIn,
  storageSnapshot,
  test,
  type Page,
  watchResponses,
} from '../fixtures.ts';

const LABELS: Record<VehicleConnectionStatus, string> = {
  online: 'Online',
  unknown: 'Unknown',
  offline: 'Offline',
};

const n = (v: number) => v.toLocaleString('en-US');

function countsText(c: Pick<Client, 'vehicleCount' | 'deviceCount' | 'onlineDeviceCount'>): string {
  return `${n(c.vehicleCount)}Vehicles${n(c.deviceCount)}Devices${n(c.onlineDeviceCount)}Online`;
}

async function selectAgency(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible();
}

test(
  'demo sees its two agencies with the API counts',
  { tag: '@desktop' },
  async ({ page, api, demoToken }) => {
    const seen = watchResponses(page, '/api/clients', (body) => body as Client[]);
    await openSignedIn(page, demoToken, '/clients');
    const list = page.getByRole('list', { name: 'Clients' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page);
    // The agencies an independent API answer names. (Their counts move while the other worker adds
    // vehicles and devices to them, so the counts are checked against the page's own answer below.)
    const clients = await api.get<Client[]>('/api/clients', demoToken);
    expect(clients).toHaveLength(2);
    for (const client of clients) {
      const card = list.getByRole('button', { name: new RegExp(client.fullName ?? client.name) });
      await expect(card).toContainText(/[\d,]+Vehicles[\d,]+Devices/);
      if (client.region) await expect(card).toContainText(client.region);
    }
    // The counts change live: the screen must show exactly what the API last answered it.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(async () => {
      const latest = seen.latest();
      expect(latest).toHaveLength(2);
      for (const client of latest ?? []) {
        const card = list.getByRole('button', { name: new RegExp(client.fullName ?? client.name) });
        await expect(card).toContainText(countsText(client), { timeout: 500 });
      }
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Request Access to New Client' })).toBeVisible();
  },
);

test('rival sees only the rural agency', async ({ page, api }) => {
  const token = await api.login(RIVAL);
  await openSignedIn(page, token, '/clients');
  const clients = await api.get<Client[]>('/api/clients', token);
  expect(clients).toHaveLength(1);
  const list = page.getByRole('list', { name: 'Clients' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(clients[0]?.fullName ?? '');
  await expect(list).toContainText(`${String(clients[0]?.vehicleCount)}Vehicles`);
});

test('newcomer sees No Clients Available and can request access', async ({ page, api }) => {
  const token = await api.login(NEWCOMER);
  await openSignedIn(page, token, '/clients');
  await expect(page.getByRole('heading', { name: 'No Clients Available' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Request Access to New Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Access to New Client' });
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('Client name is required')).toBeVisible();
  await expect(
    dialog.getByText('Please provide at least 10 characters explaining why you need access'),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Client name').fill('Rural Connector');
  await dialog.getByLabel('Reason for access').fill('Installing GPS units on the new fleet');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Request Submitted', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test(
  'choosing an agency opens its overview with the API counts',
  { tag: '@desktop' },
  async ({ signedInPage: page, api, demoToken }) => {
    const seen = watchResponses(page, '/overview', (body) => body as FleetOverview);
    const clients = await api.get<Client[]>('/api/clients', demoToken);
    const metro = clients.find((c) => c.vehicleCount > 100);
    if (!metro) throw new Error('demo should see the metro agency');
    await selectAgency(page, metro.fullName ?? metro.name);
    expect((await storageSnapshot(page)).local.selectedClientId).toBe(String(metro.id));
    await expect(page.getByRole('main').getByText(metro.fullName ?? metro.name)).toBeVisible();
    await expect(page.getByText('Live data • Updates every 15 seconds')).toBeVisible();
    await expect(page.getByText(/Last updated \d\d:\d\d:\d\d/)).toBeVisible();
    await expectAccessible(page);

    // Totals and device types are stable: compare them with an independent API answer.
    const api_ = await api.get<FleetOverview>(`/api/clients/${String(metro.id)}/overview`, demoToken);
    await expect(page.getByRole('link', { name: `Total Vehicles ${n(api_.totalVehicles)}` })).toHaveAttribute(
      'href',
      '/vehicles',
    );
    await expect(
      page.getByRole('link', { name: new RegExp(`^Total Devices ${n(api_.totalDevices)} `) }),
    ).toHaveAttribute('href', '/devices');
    await expect(page.getByRole('list', { name: 'Device types' }).getByRole('listitem')).toHaveText(
      (['GPS', 'Tablet', 'Router', 'APC', 'Other'] as const).map((t) => `${t}${n(api_.deviceTypes[t])}`),
    );
    // Vehicle statuses change live: the cards must show exactly what the API last answered the app.
    await expect(async () => {
      const o = seen.latest();
      if (!o) throw new Error('no overview answer seen yet');
      for (const status of VEHICLE_STATUSES) {
        await expect(
          page.getByRole('link', { name: `${LABELS[status]} ${n(o.vehicleStatus[status])}` }),
        ).toHaveAttribute('href', `/vehicles?filter=${status}`, { timeout: 500 });
      }
    }).toPass({ timeout: 15_000 });
  },
);

for (const status of VEHICLE_STATUSES) {
  test(`the ${status} card opens the vehicles filtered by ${status}`, async ({ signedInPage: page }) => {
    await selectAgency(page, 'Valley Vista Transit');
    const label = LABELS[status];
    await page.getByRole('link', { name: new RegExp(`^${label} \\d`) }).click();
    await expect(page).toHaveURL(new RegExp(`/vehicles\\?filter=${status}$`));
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vehicles' }),
    ).toHaveAttribute('aria-current', 'page');
  });
}

test('the overview back button clears the selected client', async ({ signedInPage: page }) => {
  await selectAgency(page, 'Riverside Metropolitan Transit');
  expect((await storageSnapshot(page)).session.selectedClientId).not.toBeNull();
  await page.getByRole('button', { name: 'Back to Clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  const stored = await storageSnapshot(page);
  expect([stored.local.selectedClientId, stored.session.selectedClientId]).toEqual([null, null]);
  await page.goto('/overview');
  await expect(page.getByRole('heading', { name: 'No Client Selected' })).toBeVisible();
});
