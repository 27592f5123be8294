import { expect, expectAccessible, test, type ApiClient, type Page } from '../fixtures.ts';

/** The device fields the journeys pick their subjects by. */
interface ApiDevice {
  deviceId: string;
  navigatorDeviceId: string | null;
  type: 'GPS' | 'Tablet' | 'Router' | 'APC' | 'Other';
  status: 'online' | 'offline' | 'warning' | 'error';
  vehicleId: number | null;
  vehicleLabel: string | null;
  phone: string | null;
}
interface ApiVehicle {
  id: number;
  vehicleId: string;
  isLocal: boolean;
}
type Fleet = { clientId: number; devices: ApiDevice[]; vehicles: ApiVehicle[] };

// The two projects share one server (and the rest of the suite): each journey takes subjects of
// its own per project, changes that move the vehicle counts happen in the metro agency only, and
// failures are injected for a single device (and always lifted again).
const VALLEY = 'Valley Vista Transit';
const METRO = 'Riverside Metropolitan Transit';
const LOAD_TIMEOUT = { timeout: 20_000 };

// Each journey signs in, picks the agency and waits on the simulator: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A toast's title (Radix also copies it into a live region for screen readers). */
const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

async function chooseAgency(page: Page, agency: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(agency) }).click();
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible();
}

async function fleetOf(
  api: { get<T>(path: string, token: string): Promise<T> },
  token: string,
  agency: string,
): Promise<Fleet> {
  const clients = await api.get<ApiClient[]>('/api/clients', token);
  const client = clients.find((c) => c.fullName === agency);
  if (!client) throw new Error(`${agency} is not among demo's clients`);
  const [devices, vehicles] = await Promise.all([
    api.get<ApiDevice[]>(`/api/devices/client/${String(client.id)}`, token),
    api.get<ApiVehicle[]>(`/api/vehicles/client/${String(client.id)}`, token),
  ]);
  return { clientId: client.id, devices, vehicles: vehicles.filter((v) => !v.isLocal) };
}

/** The subject of this project: counted from the end of the list, one apart per project. */
function pick<T>(items: readonly T[], project: string, skip = 0): T {
  const item = items[items.length - 1 - skip * 2 - (project === 'phone' ? 0 : 1)];
  if (item === undefined) throw new Error('not enough subjects for both projects');
  return item;
}

async function control(page: Page, path: string, data: unknown): Promise<void> {
  const res = await page.request.post(`/api/__simulator/${path}`, { data });
  expect(res.status(), await res.text()).toBe(200);
}

/** The row's summary button: its accessible name starts with the device id. */
function deviceRow(page: Page, deviceId: string) {
  return page
    .getByRole('list', { name: 'Devices' })
    .getByRole('button', { name: new RegExp(`^${escape(deviceId)}`) });
}

/** Opens /devices?deviceId=…: that device comes expanded and the parameter leaves the URL. */
async function openDevice(page: Page, deviceId: string): Promise<void> {
  await page.goto(`/devices?deviceId=${encodeURIComponent(deviceId)}`);
  await expect(page).toHaveURL(/\/devices$/);
  await expect(deviceRow(page, deviceId)).toHaveAttribute('aria-expanded', 'true', LOAD_TIMEOUT);
}

/** Picks a vehicle in the Assign/Reassign dialog by its fleet number. */
async function chooseVehicle(page: Page, dialogName: string, label: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog.getByLabel('Vehicle ID')).toBeVisible(LOAD_TIMEOUT);
  await dialog.getByLabel('Vehicle ID').fill(label);
  await dialog.getByRole('button', { name: new RegExp(`^Vehicle ${escape(label)}(?!\\d)`) }).click();
}

async function openControlPanel(page: Page, deviceId: string) {
  await page.getByRole('button', { name: 'Control Panel' }).click();
  const panel = page.getByRole('dialog', { name: `Control Panel: ${deviceId}` });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('the list', () => {
  test('filters by type and searches by device id or type', async ({ signedInPage: page }) => {
    await chooseAgency(page, VALLEY);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' }).click();
    await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
    await expect(page.getByText(/^Showing 50 of [\d,]+ devices$/)).toBeVisible(LOAD_TIMEOUT);

    const chips = page.getByRole('group', { name: 'Filter by type' }).getByRole('button');
    await expect(chips).toHaveText([
      /^All \(/,
      /^GPS \(/,
      /^Tablet \(/,
      /^Router \(/,
      /^APC \(/,
      /^Other \(/,
    ]);
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

    await page.getByRole('button', { name: /^All \(/ }).click();
    await page.getByRole('searchbox', { name: 'Search devices' }).fill('tablet');
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allTextContents()) expect(text).toContain('Tablet');
    await page.getByRole('searchbox', { name: 'Search devices' }).fill('no such unit');
    await expect(page.getByText('No devices match "no such unit".')).toBeVisible();
  });

  test('sorts by assignment, type or status, with a direction toggle', async ({ signedInPage: page }) => {
    await chooseAgency(page, VALLEY);
    await page.goto('/devices');
    const first = page
      .getByRole('list', { name: 'Devices' })
      .getByRole('button', { expanded: false })
      .first();
    // Assignment, ascending: the unassigned devices come first.
    await expect(first).toContainText('Unassigned', LOAD_TIMEOUT);
    await page.getByRole('button', { name: 'Sort ascending' }).click();
    await expect(page.getByRole('button', { name: 'Sort descending' })).toBeVisible();
    await expect(first).toContainText(/Vehicle \d+/);

    // Type, descending: Other (non-reporting) first; ascending: GPS first.
    await page.getByLabel('Sort by').selectOption('Type');
    await expect(first).toContainText('Non-reporting');
    await page.getByRole('button', { name: 'Sort descending' }).click();
    await expect(first).toContainText('GPS');
    await expect(first).not.toContainText('Non-reporting');

    // Status, ascending: online first; descending: the non-reporting devices first.
    await page.getByLabel('Sort by').selectOption('Status');
    await expect(first).toContainText('Online');
    await page.getByRole('button', { name: 'Sort ascending' }).click();
    await expect(first).toContainText('Non-reporting');
    await expectAccessible(page);
  });

  test('switches to cards and remembers it', async ({ signedInPage: page }) => {
    await chooseAgency(page, VALLEY);
    await page.goto('/devices');
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute(
      'aria-pressed',
      'true',
      LOAD_TIMEOUT,
    );
    await page.getByRole('button', { name: 'Cards view' }).click();
    await expect(page.getByRole('button', { name: 'Cards view' })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Cards view' })).toHaveAttribute(
      'aria-pressed',
      'true',
      LOAD_TIMEOUT,
    );
    await expect(page.getByRole('list', { name: 'Devices' })).toBeVisible(LOAD_TIMEOUT);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('assignment', () => {
  test('a spare opened by ?deviceId= is expanded, then assigned to a vehicle', async ({
    signedInPage: page,
    api,
    demoToken,
  }, testInfo) => {
    // Each project takes a spare of its own type: the projects share one server.
    const type = testInfo.project.name === 'phone' ? 'APC' : 'Tablet';
    const spare = (await fleetOf(api, demoToken, VALLEY)).devices.find(
      (d) => d.type === type && d.vehicleId === null,
    );
    if (!spare) throw new Error(`no spare ${type} to assign`);
    await chooseAgency(page, VALLEY);
    await openDevice(page, spare.deviceId);
    await expect(deviceRow(page, spare.deviceId)).toContainText('Unassigned');

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
    await expect(
      page
        .getByText(/^1 devices (successfully assigned to the external system\.|assigned locally\.\.\.)/)
        .first(),
    ).toBeVisible(LOAD_TIMEOUT);
    await expect(page.getByRole('status', { name: 'Last change' })).toContainText(
      /Assigned: (reached the external system|saved locally only)/,
    );
    await expect(deviceRow(page, spare.deviceId)).toContainText(`Vehicle ${label}`);
  });

  test('a device on another vehicle moves after a confirmation naming both, and its history shows it', async ({
    signedInPage: page,
    api,
    demoToken,
  }, testInfo) => {
    // A headsign controller: type Other counts in no vehicle status, so no count moves.
    const { devices, vehicles } = await fleetOf(api, demoToken, METRO);
    const device = pick(
      devices.filter((d) => d.type === 'Other' && d.vehicleId !== null),
      testInfo.project.name,
    );
    const target = pick(
      vehicles.filter((v) => v.id !== device.vehicleId),
      testInfo.project.name,
      5,
    );
    const from = device.vehicleLabel ?? '';
    await chooseAgency(page, METRO);
    await openDevice(page, device.deviceId);

    await page.getByRole('button', { name: 'Reassign' }).click();
    await chooseVehicle(page, `Reassign ${device.deviceId}`, target.vehicleId);
    await page.getByRole('button', { name: `Reassign to Vehicle ${target.vehicleId}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reassign Device?' });
    await expect(confirm).toContainText(
      `${device.deviceId} is assigned to vehicle ${from}. Move it to vehicle ${target.vehicleId}?`,
    );
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Reassign' }).click();

    await expect(toastTitle(page, 'Device Reassigned')).toBeVisible(LOAD_TIMEOUT);
    await expect(
      page.getByText('1 devices successfully assigned to the external system.').first(),
    ).toBeVisible();
    await expect(page.getByRole('status', { name: 'Last change' })).toContainText(
      'Assigned: reached the external system.',
    );
    await expect(deviceRow(page, device.deviceId)).toContainText(`Vehicle ${target.vehicleId}`);

    await page.getByRole('link', { name: 'Details and history' }).click();
    await expect(page).toHaveURL(new RegExp(`/devices/${escape(encodeURIComponent(device.deviceId))}$`));
    const history = page.getByRole('list', { name: 'Assignment history' }).getByRole('listitem');
    await expect(history.first()).toContainText(`Vehicle ${target.vehicleId}`, LOAD_TIMEOUT);
    await expect(history.first()).toContainText('Current');
    await expect(history.nth(1)).toContainText(`Vehicle ${from}`);
    await expect(page.getByText('Non-reporting')).toBeVisible();
    await expectAccessible(page);
  });

  test('unassigning changes the vehicle counts on the overview too', async ({
    signedInPage: page,
    api,
    demoToken,
  }, testInfo) => {
    // A vehicle whose one online device (not a GPS unit, not the tablet another journey switches
    // off) goes: without it the vehicle turns from unknown to offline.
    const { devices } = await fleetOf(api, demoToken, METRO);
    const switchedOff = devices.find((d) => d.status === 'online' && d.type === 'Tablet')?.deviceId;
    const byVehicle = new Map<number, ApiDevice[]>();
    for (const d of devices) {
      if (d.vehicleId !== null && d.type !== 'Other')
        byVehicle.set(d.vehicleId, [...(byVehicle.get(d.vehicleId) ?? []), d]);
    }
    const onlyOnline = [...byVehicle.values()].flatMap((list) => {
      const online = list.filter((d) => d.status === 'online');
      const [only] = online;
      return online.length === 1 &&
        list.length > 1 &&
        only &&
        only.type !== 'GPS' &&
        only.deviceId !== switchedOff
        ? [only]
        : [];
    });
    const device = pick(onlyOnline, testInfo.project.name);

    await chooseAgency(page, METRO);
    const offline = page.getByRole('link', { name: /^Offline [\d,]+$/ });
    const count = async () => Number(((await offline.textContent()) ?? '').replace(/\D/g, ''));
    await expect(offline).toBeVisible(LOAD_TIMEOUT);
    const before = await count();

    await openDevice(page, device.deviceId);
    await page.getByRole('button', { name: 'Unassign', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unassign Device?' });
    await expect(confirm).toContainText(
      `Remove ${device.deviceId} from vehicle ${device.vehicleLabel ?? ''}?`,
    );
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Unassign' }).click();
    await expect(toastTitle(page, 'Device Unassigned')).toBeVisible(LOAD_TIMEOUT);
    await expect(page.getByRole('status', { name: 'Last change' })).toContainText(
      'Unassigned: reached the external system.',
    );
    await expect(deviceRow(page, device.deviceId)).toContainText('Unassigned');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
    await expect(offline).toBeVisible(LOAD_TIMEOUT);
    // Other journeys may move a vehicle the other way for a moment: allow one 15 s refresh.
    await expect.poll(count, { timeout: 20_000 }).toBeGreaterThan(before);
  });
});

test.describe('Create Device', () => {
  type Creatable = 'GPS' | 'Tablet' | 'Router' | 'APC';
  const SYSTEM: Record<Creatable, string> = {
    GPS: 'CalAmp LMU-3640',
    Tablet: 'Samsung Galaxy Tab Active MDT',
    Router: 'Cradlepoint IBR900',
    APC: 'APS2 Rear',
  };

  for (const type of ['GPS', 'Tablet', 'Router', 'APC'] as const) {
    test(`creates ${type === 'APC' ? 'an' : 'a'} ${type} device with its required fields`, async ({
      signedInPage: page,
    }, testInfo) => {
      const stamp = `${testInfo.project.name === 'phone' ? '1' : '2'}${String(Date.now()).slice(-7)}`;
      const name = `${type} e2e ${testInfo.project.name} ${stamp}`;
      await chooseAgency(page, VALLEY);
      await page.goto('/devices');
      await page.getByRole('button', { name: new RegExp(`^${type} \\(`) }).click(LOAD_TIMEOUT);
      await page.getByRole('button', { name: `Create ${type} Device` }).click();
      const dialog = page.getByRole('dialog', { name: `Create ${type} Device` });
      const system = dialog.getByLabel(/^Device system/);
      await expect(system).toBeVisible(LOAD_TIMEOUT);
      // Only the systems of the type are offered.
      await expect(system.getByRole('option')).toContainText([SYSTEM[type]]);
      for (const other of Object.values(SYSTEM).filter((s) => s !== SYSTEM[type]))
        await expect(system.getByRole('option', { name: other })).toHaveCount(0);

      // Name and system are required for every type.
      await dialog.getByRole('button', { name: 'Create Device' }).click();
      await expect(dialog.getByText('Device name is required')).toBeVisible();
      await expect(dialog.getByText('Device system is required')).toBeVisible();
      await dialog.getByLabel(/^Device name/).fill(name);
      await expect(dialog.getByLabel('ESN')).toHaveCount(0);
      await system.selectOption(SYSTEM[type]);

      if (type === 'GPS') {
        // A CalAmp system: ESN and phone, the phone with at least 10 digits.
        await dialog.getByLabel('ESN').fill(`7${stamp}0`);
        await dialog.getByLabel('Phone number').fill('555-0101');
        await dialog.getByRole('button', { name: 'Create Device' }).click();
        await expect(dialog.getByText('Invalid Phone Number')).toBeVisible();
        await dialog.getByLabel('Phone number').fill('(555) 201-0101');
      } else {
        await expect(dialog.getByLabel('ESN')).toHaveCount(0);
      }
      if (type === 'Router' || type === 'APC') {
        await dialog.getByRole('button', { name: 'Create Device' }).click();
        await expect(dialog.getByLabel(/^Serial number/)).toHaveAttribute('aria-invalid', 'true');
        await dialog.getByLabel(/^Serial number/).fill(`E2E${stamp}`);
      }
      if (type === 'APC') {
        await expect(dialog.getByLabel(/^Height to floor/)).toHaveAttribute('aria-invalid', 'true');
        await expect(
          dialog.getByText('Required fields missing for selected device type').first(),
        ).toBeVisible();
        await dialog.getByLabel(/^Height to floor/).fill('14.5');
        await dialog.getByLabel(/^Height to street/).fill('32');
        await dialog.getByRole('checkbox', { name: 'Has Stairs' }).check();
      } else {
        await expect(dialog.getByLabel(/^Height to floor/)).toHaveCount(0);
      }
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Create Device' }).click();

      await expect(toastTitle(page, 'Device Created')).toBeVisible(LOAD_TIMEOUT);
      await expect(dialog).toHaveCount(0);
      // The new device is shown, expanded.
      const row = page
        .getByRole('list', { name: 'Devices' })
        .getByRole('button', { name: new RegExp(escape(name)) });
      await expect(row).toHaveAttribute('aria-expanded', 'true', LOAD_TIMEOUT);
      await expect(row).toContainText('Unassigned');
    });
  }
});

test.describe('control panel', () => {
  test('!R0 to an online GPS unit is sent once and read into status checks', async ({
    signedInPage: page,
    api,
    demoToken,
  }, testInfo) => {
    const { devices } = await fleetOf(api, demoToken, VALLEY);
    const gps = pick(
      devices.filter(
        (d) =>
          d.type === 'GPS' &&
          d.status === 'online' &&
          d.phone !== null &&
          d.navigatorDeviceId !== null &&
          d.vehicleId !== null,
      ),
      testInfo.project.name,
    );
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/sms')) sent.push(r.url());
    });
    await chooseAgency(page, VALLEY);
    await openDevice(page, gps.deviceId);
    const panel = await openControlPanel(page, gps.deviceId);
    await expect(panel.getByText(`Commands are sent by SMS to ${gps.phone ?? ''}.`)).toBeVisible();
    await panel.getByRole('button', { name: 'Status Report (!R0)' }).dblclick();

    const checks = panel.getByRole('list', { name: 'Status checks' });
    await expect(checks.getByRole('listitem')).toHaveText(
      [
        /^Signal strength: Pass-\d+ dBm/,
        /^Data session: PassUp, IP /,
        /^Server acknowledged: PassAcknowledged/,
        /^GPS antenna and fix: Pass3D fix, \d+ satellites/,
        /^Input voltage: Pass\d+\.\d V, ignition on/,
      ],
      LOAD_TIMEOUT,
    );
    await expect(panel.getByText('!R0: Reply received')).toBeVisible();
    await expect(panel.getByText(/^APP:\d+ /)).toBeVisible();
    expect(sent).toHaveLength(1);
    await expectAccessible(page);
  });

  async function onlineTablet(
    api: { get<T>(path: string, token: string): Promise<T> },
    token: string,
    project: string,
    skip: number,
  ) {
    const { devices } = await fleetOf(api, token, VALLEY);
    return pick(
      devices.filter(
        (d) =>
          d.type === 'Tablet' &&
          d.status === 'online' &&
          d.navigatorDeviceId !== null &&
          d.vehicleId !== null,
      ),
      project,
      skip,
    );
  }

  test('a tablet software update installs the production version chosen', async ({
    signedInPage: page,
    api,
    demoToken,
  }, testInfo) => {
    const tablet = await onlineTablet(api, demoToken, testInfo.project.name, 0);
    await chooseAgency(page, VALLEY);
    await openDevice(page, tablet.deviceId);
    const panel = await openControlPanel(page, tablet.deviceId);
    const update = panel.getByRole('region', { name: 'Software Update' });
    await expect(update.getByRole('button', { name: 'Install Update' })).toBeDisabled(LOAD_TIMEOUT);
    await update.getByLabel('Production version').selectOption('5.12.3');
    await expect(
      panel.getByRole('region', { name: 'Additional Software' }).getByLabel('Add-on'),
    ).toBeVisible();
    await update.getByRole('button', { name: 'Install Update' }).click();

    const result = panel.getByRole('region', { name: 'Operation result' });
    await expect(result).toContainText('Software Update: done', LOAD_TIMEOUT);
    await expect(result).toContainText('SOFTWARE_UPDATE');
    await expect(result).toContainText('DriverMDT-5.12.3.apk sent to the tablet');
    await expect(result).toContainText('DOWNLOADING DriverMDT-5.12.3.apk');
    await expectAccessible(page);
  });

  test('a tablet operation fails while the simulator injects errors, and works once they stop', async ({
    signedInPage: page,
    api,
    demoToken,
  }, testInfo) => {
    const tablet = await onlineTablet(api, demoToken, testInfo.project.name, 1);
    await chooseAgency(page, VALLEY);
    await openDevice(page, tablet.deviceId);
    const panel = await openControlPanel(page, tablet.deviceId);
    try {
      await control(page, `devices/${encodeURIComponent(tablet.deviceId)}/failures`, { outage: true });
      await panel.getByRole('button', { name: 'Query MDT' }).click();
      const failure = panel.getByRole('alert');
      await expect(failure).toContainText('Operation Failed', LOAD_TIMEOUT);
      await expect(failure).toContainText(
        'The fleet tracking system cannot be reached. Please try again shortly.',
      );
      await expect(toastTitle(page, 'Operation Failed')).toBeVisible();
      await expectAccessible(page);
    } finally {
      await control(page, `devices/${encodeURIComponent(tablet.deviceId)}/failures`, { outage: false });
    }
    await panel.getByRole('button', { name: 'Query MDT' }).click();
    await expect(panel.getByRole('region', { name: 'Operation result' })).toContainText(
      'Query MDT: done',
      LOAD_TIMEOUT,
    );
    await expect(panel.getByRole('region', { name: 'Operation result' })).toContainText('Tablet answered');
  });
});

test('Sync Check reports a conflict made in the external system while a local change waits', async ({
  signedInPage: page,
  api,
  demoToken,
}, testInfo) => {
  // A spare headsign controller (type Other: no vehicle status moves).
  const { devices, vehicles } = await fleetOf(api, demoToken, METRO);
  const device = pick(
    devices.filter((d) => d.type === 'Other' && d.vehicleId === null),
    testInfo.project.name,
  );
  const here = pick(vehicles, testInfo.project.name, 10);
  const there = pick(vehicles, testInfo.project.name, 11);
  const failures = `devices/${encodeURIComponent(device.deviceId)}/failures`;
  await chooseAgency(page, METRO);
  await openDevice(page, device.deviceId);
  try {
    // The external system cannot take this device's assignment: it is kept locally...
    await control(page, failures, { outage: true });
    await page.getByRole('button', { name: 'Assign to Vehicle' }).click();
    await chooseVehicle(page, `Assign ${device.deviceId}`, here.vehicleId);
    await page.getByRole('button', { name: `Assign to Vehicle ${here.vehicleId}` }).click();
    await expect(page.getByText('1 devices assigned locally...').first()).toBeVisible(LOAD_TIMEOUT);
    await expect(page.getByRole('status', { name: 'Last change' })).toContainText(
      'Assigned: saved locally only',
    );

    // ...while someone assigns it elsewhere in the external system's own screens.
    await control(page, `devices/${encodeURIComponent(device.deviceId)}/assign-externally`, {
      vehicleId: there.vehicleId,
    });
    await page.getByRole('button', { name: 'Sync Check' }).click();
    const result = page.getByRole('status', { name: 'Sync check result' });
    await expect(result).toContainText(/[1-9][\d,]* conflicts/, LOAD_TIMEOUT);
    await expect(result.getByRole('list', { name: 'Conflicting devices' })).toContainText(
      `${device.deviceId}: Assigned to ${here.vehicleId} here but to ${there.vehicleId} in the external system`,
    );
    await expectAccessible(page);
  } finally {
    await control(page, failures, { outage: false });
  }
});
