import {
  expect,
  expectAccessible,
  selectAgency,
  simulatorControl,
  test,
  toastTitle,
  type Api,
  type Page,
} from '../fixtures.ts';
import {
  DEVICE_JOURNEY_TIMEOUT_MS,
  LOAD_TIMEOUT,
  VALLEY,
  failuresOf,
  fleetOf,
  openDevice,
  pick,
} from '../support/device-journey.ts';

// Each journey signs in, picks the agency and waits on the simulator: allow for a busy machine.
test.describe.configure({ timeout: DEVICE_JOURNEY_TIMEOUT_MS });

async function openControlPanel(page: Page, deviceId: string) {
  await page.getByRole('button', { name: 'Control Panel' }).click();
  const panel = page.getByRole('dialog', { name: `Control Panel: ${deviceId}` });
  await expect(panel).toBeVisible();
  return panel;
}

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
    await selectAgency(page, VALLEY);
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

  async function onlineTablet(api: Pick<Api, 'get'>, token: string, project: string, skip: number) {
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
    await selectAgency(page, VALLEY);
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
    await expect(result).not.toContainText('SOFTWARE_UPDATE');
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
    await selectAgency(page, VALLEY);
    await openDevice(page, tablet.deviceId);
    const panel = await openControlPanel(page, tablet.deviceId);
    try {
      await simulatorControl(page, failuresOf(tablet.deviceId), { outage: true });
      await panel.getByRole('button', { name: 'Query MDT' }).click();
      const failure = panel.getByRole('alert');
      await expect(failure).toContainText('Operation Failed', LOAD_TIMEOUT);
      await expect(failure).toContainText(
        'The fleet tracking system cannot be reached. Please try again shortly.',
      );
      await expect(toastTitle(page, 'Operation Failed')).toBeVisible();
      await expectAccessible(page);
    } finally {
      await simulatorControl(page, failuresOf(tablet.deviceId), { outage: false });
    }
    await panel.getByRole('button', { name: 'Query MDT' }).click();
    await expect(panel.getByRole('region', { name: 'Operation result' })).toContainText(
      'Query MDT: done',
      LOAD_TIMEOUT,
    );
    await expect(panel.getByRole('region', { name: 'Operation result' })).toContainText('Tablet answered');
  });
});
