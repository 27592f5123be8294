import type { Browser } from '@playwright/test';
import { expect, expectAccessible, openSignedIn, test as base, type Page } from '../fixtures.ts';
import { code39Video, fakeCameraArgs } from '../support/fake-camera.ts';
import { createVehicle, expandVehicle, openVehicles, uniqueId } from '../support/vehicle-journey.ts';

/**
 * The VIN scanner reads real barcodes: Chromium's fake camera plays a video of a Code 39 label
 * that the test draws itself (its own Code 39 encoder, not the app's decoder tables).
 */
/**
 * Chromium reads the fake camera's video from a launch flag, and Playwright launches one browser
 * per worker; so each test here launches its own browser (the project's settings, plus a camera
 * filming `video`) and signs in there.
 */
const test = base.extend<{ filming: (video: string) => Promise<Page> }>({
  filming: async ({ playwright, launchOptions, baseURL, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, demoToken }, use) => {
    const browsers: Browser[] = [];
    await use(async (video) => {
      const browser = await playwright.chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fakeCameraArgs(video)] });
      browsers.push(browser);
      const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, serviceWorkers: 'block' });
      const page = await context.newPage();
      await openSignedIn(page, demoToken, '/clients');
      await expect(page.getByRole('heading', { name: 'Select Client' })).toBeVisible();
      return page;
    });
    for (const browser of browsers) await browser.close();
  },
});

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

test.describe.configure({ timeout: 120_000 });

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
  test('is reported and never fills the VIN field; manual entry stays open', async ({ filming, api, request, demoToken }) => {
    const page = await filming(NOT_A_VIN);
    const vehicle = await createVehicle(api, request, demoToken, uniqueId('SCAN'));
    const { editor, scanner } = await openScanner(page, vehicle.vehicleId);
    await expect(scanner.getByRole('alert')).toHaveText('Read “FLEET-ASSET-1342”, which is not a valid VIN. Keep the VIN label steady and in view.', {
      timeout: 20_000,
    });
    await expect(scanner.getByText('Looking for a VIN barcode...')).toBeVisible();
    await expectAccessible(page);
    await scanner.getByRole('button', { name: 'Enter VIN manually' }).click();
    await expect(scanner).toBeHidden();
    await expect(editor.getByLabel('VIN')).toHaveValue('');
    await editor.getByLabel('VIN').fill('1m8gdm9axkp042788');
    await expect(editor.getByLabel('VIN')).toHaveValue('1M8GDM9AXKP042788');
  });
});
