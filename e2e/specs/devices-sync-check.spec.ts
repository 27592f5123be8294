import { expect, expectAccessible, selectAgency, simulatorControl, test } from '../fixtures.ts';
import {
  DEVICE_JOURNEY_TIMEOUT_MS,
  LOAD_TIMEOUT,
  METRO,
  chooseVehicle,
  failuresOf,
  fleetOf,
  openDevice,
  pick,
} from '../support/device-journey.ts';

// Each journey signs in, picks the agency and waits on the simulator: allow for a busy machine.
test.describe.configure({ timeout: DEVICE_JOURNEY_TIMEOUT_MS });

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
  const failures = failuresOf(device.deviceId);
  await selectAgency(page, METRO);
  await openDevice(page, device.deviceId);
  try {
    // The external system cannot take this device's assignment: it is kept locally...
    await simulatorControl(page, failures, { outage: true });
    await page.getByRole('button', { name: 'Assign to Vehicle' }).click();
    await chooseVehicle(page, `Assign ${device.deviceId}`, here.vehicleId);
    await page.getByRole('button', { name: `Assign to Vehicle ${here.vehicleId}` }).click();
    await expect(page.getByText('1 device assigned locally...').first()).toBeVisible(LOAD_TIMEOUT);
    await expect(page.getByRole('status', { name: 'Last change' })).toContainText(
      'Assigned: saved locally only',
    );

    // ...while someone assigns it elsewhere in the external system's own screens.
    await simulatorControl(page, `devices/${encodeURIComponent(device.deviceId)}/assign-externally`, {
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
    await simulatorControl(page, failures, { outage: false });
  }
});
