import { expect, expectAccessible, test as plainTest, type Page } from '../fixtures.ts';
import { test } from '../support/camera-test.ts';
import { code39Video } from '../support/fake-camera.ts';
import { createVehicle, expandVehicle, openVehicles, uniqueId } from '../support/vehicle-journey.ts';

/**
 * The VIN scanner reads real barcodes: Chromium's fake camera plays a video of a Code 39 label
 * that the test draws itself (its own Code 39 encoder, not the app's decoder tables).
 */
test.describe.configure({ timeout: 120_000 });

/** A vehicle of this test's own, its editor open, then the scanner opened from it. */
async function openScanner(page: Page, vehicleId: string) {
  await openVehicles(page);
  await expandVehicle(page, vehicleId);
  await page.getByRole('button', { name: 'Vehicle Info' }).click();
  const editor = page.getByRole('dialog', { name: 'Vehicle Information' });
  await expect(editor.getByLabel('VIN')).toHaveValue('');
  await editor.getByRole('button', { name: 'Scan VIN' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan VIN' });
  await expect(scanner).toBeVisible();
  return { editor, scanner };
}

const UPRIGHT = code39Video('vin-upright', '1M8GDM9AXKP042788');
// 18 characters: the import 'I' before the VIN, on a label photographed on its side.
const IMPORT_SIDEWAYS = code39Video('vin-import-sideways', 'I15GGD2716D1182194', { vertical: true });
const NOT_A_VIN = code39Video('not-a-vin', 'FLEET-ASSET-1342');

test.describe('a Code 39 VIN label held upright', () => {
  test('fills the VIN field with the VIN on the label', async ({ filming, api, request, demoToken }) => {
    const page = await filming(UPRIGHT);
    const vehicle = await createVehicle(api, request, demoToken, uniqueId('SCAN'));
    const { editor, scanner } = await openScanner(page, vehicle.vehicleId);
    await expect(scanner).toBeHidden({ timeout: 20_000 });
    await expect(editor.getByLabel('VIN')).toHaveValue('1M8GDM9AXKP042788');
    await expect(editor.getByText('Valid VIN format')).toBeVisible();
  });
});

test.describe('an import label turned sideways', () => {
  test('strips the leading I and fills the VIN field', async ({ filming, api, request, demoToken }) => {
    const page = await filming(IMPORT_SIDEWAYS);
    const vehicle = await createVehicle(api, request, demoToken, uniqueId('SCAN'));
    const { editor, scanner } = await openScanner(page, vehicle.vehicleId);
    await expect(scanner).toBeHidden({ timeout: 20_000 });
    await expect(editor.getByLabel('VIN')).toHaveValue('15GGD2716D1182194');
    // Make, model and year were empty: the scanned VIN decodes by itself (offline here).
    await expect(editor.getByLabel('Make')).toHaveValue('GILLIG');
  });
});

test.describe('a barcode that is not a VIN', () => {
  test('is reported and never fills the VIN field; manual entry stays open', async ({
    filming,
    api,
    request,
    demoToken,
  }) => {
    const page = await filming(NOT_A_VIN);
    const vehicle = await createVehicle(api, request, demoToken, uniqueId('SCAN'));
    const { editor, scanner } = await openScanner(page, vehicle.vehicleId);
    await expect(scanner.getByRole('alert')).toHaveText(
      'Read “FLEET-ASSET-1342”, which is not a valid VIN. Keep the VIN label steady and in view.',
      {
        timeout: 20_000,
      },
    );
    await expect(scanner.getByText('Looking for a VIN barcode...')).toBeVisible();
    // The WebAssembly reader loaded under the server's Content-Security-Policy (not the fallback).
    await expect(
      scanner.getByText('Reads Code 39, Data Matrix and QR labels, upright or sideways.'),
    ).toBeVisible();
    await expectAccessible(page);
    await scanner.getByRole('button', { name: 'Enter VIN manually' }).click();
    await expect(scanner).toBeHidden();
    await expect(editor.getByLabel('VIN')).toHaveValue('');
    await editor.getByLabel('VIN').fill('1m8gdm9axkp042788');
    await expect(editor.getByLabel('VIN')).toHaveValue('1M8GDM9AXKP042788');
  });
});

plainTest(
  'without a camera the scanner says so and leaves manual entry',
  async ({ signedInPage: page, api, request, demoToken }) => {
    // The project's browser has no camera at all (no fake device).
    const vehicle = await createVehicle(api, request, demoToken, uniqueId('SCAN'));
    const { editor, scanner } = await openScanner(page, vehicle.vehicleId);
    await expect(scanner.getByRole('alert')).toHaveText(
      /^No Camera Found\s*No camera was found on this device\.\s*You can type the VIN in the VIN field instead\.$/,
    );
    await expectAccessible(page);
    await scanner.getByRole('button', { name: 'Enter VIN manually' }).click();
    await expect(scanner).toBeHidden();
    await expect(editor.getByLabel('VIN')).toBeFocused();
  },
);

test('a refused camera permission is explained, with manual entry', async ({
  filming,
  api,
  request,
  demoToken,
}) => {
  const page = await filming(UPRIGHT, { denied: true });
  const vehicle = await createVehicle(api, request, demoToken, uniqueId('SCAN'));
  const { editor, scanner } = await openScanner(page, vehicle.vehicleId);
  await expect(scanner.getByRole('alert')).toHaveText(
    /^Camera Permission Denied\s*Allow camera access for this site in the browser settings, then try again\.\s*You can type the VIN in the VIN field instead\.$/,
  );
  await expectAccessible(page);
  await scanner.getByRole('button', { name: 'Enter VIN manually' }).click();
  await expect(editor.getByLabel('VIN')).toBeFocused();
});
