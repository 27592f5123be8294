import { expect, toastTitle } from '../fixtures.ts';
import { test } from '../support/camera-test.ts';
import { createDevice } from '../support/device-journey.ts';
import { labelVideo } from '../support/label-video.ts';
import { createVehicle, expandVehicle, openVehicles, uniqueId } from '../support/vehicle-journey.ts';

/**
 * Add Device on a vehicle's row (issue 16): the installer scans the label on the unit in hand
 * (its serial number, a Code 128 barcode filmed by the fake camera) instead of scrolling the
 * agency's unassigned devices, and assigns the one device that label names.
 */
test.describe.configure({ timeout: 150_000 });

test('Add Device: a scanned label finds the unassigned device, which is then assigned', async ({
  api,
  request,
  demoToken,
  filming,
}) => {
  const vehicleId = uniqueId('SCAN');
  const vehicle = await createVehicle(api, request, demoToken, vehicleId);
  const serialNumber = uniqueId('SN');
  const router = await createDevice(api, request, demoToken, {
    name: 'Roof router',
    type: 'Router',
    deviceSystem: 'Cradlepoint IBR900',
    serialNumber,
  });
  const page = await filming(await labelVideo(`label-${serialNumber}`, serialNumber, 'Code128'));

  await openVehicles(page);
  await expandVehicle(page, vehicleId);
  await page.getByRole('button', { name: 'Add Device' }).click();
  const addDevice = page.getByRole('dialog', { name: 'Add Device' });
  await addDevice.getByRole('button', { name: 'Scan', exact: true }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan Device Label' });
  await expect(scanner).toBeVisible();
  await expect(scanner).toBeHidden({ timeout: 30_000 });

  // The label's text is the search, and the one device it names is offered.
  await expect(addDevice.getByRole('searchbox', { name: 'Search unassigned devices' })).toHaveValue(
    serialNumber,
  );
  const offered = addDevice.getByRole('list', { name: 'Unassigned devices' }).getByRole('listitem');
  await expect(offered).toHaveCount(1);
  await expect(offered.getByText(router.deviceId)).toBeVisible();
  await addDevice.getByRole('button', { name: `Assign ${router.deviceId}` }).click();
  await expect(toastTitle(page, 'Device Assigned')).toBeVisible();

  const onVehicle = await api.get<{ deviceId: string }[]>(
    `/api/devices/vehicle/${String(vehicle.id)}`,
    demoToken,
  );
  expect(onVehicle.map((d) => d.deviceId)).toEqual([router.deviceId]);
});
