import { DEVICE_TYPES, type DeviceType } from '@toolkit/contracts/devices.ts';
import { expect, expectAccessible, selectAgency, test, toastTitle } from '../fixtures.ts';
import { DEVICE_JOURNEY_TIMEOUT_MS, LOAD_TIMEOUT, VALLEY, escapeRegExp } from '../support/device-journey.ts';

// Each journey signs in, picks the agency and waits on the simulator: allow for a busy machine.
test.describe.configure({ timeout: DEVICE_JOURNEY_TIMEOUT_MS });

test.describe('Create Device', () => {
  // The list offers no Create button under type Other (§5).
  type Creatable = Exclude<DeviceType, 'Other'>;
  const CREATABLE = DEVICE_TYPES.filter((t): t is Creatable => t !== 'Other');
  const SYSTEM: Record<Creatable, string> = {
    GPS: 'CalAmp LMU-3640',
    Tablet: 'Samsung Galaxy Tab Active MDT',
    Router: 'Cradlepoint IBR900',
    APC: 'APS2 Rear',
  };

  for (const type of CREATABLE) {
    test(`creates ${type === 'APC' ? 'an' : 'a'} ${type} device with its required fields`, async ({
      signedInPage: page,
    }, testInfo) => {
      const stamp = `${testInfo.project.name === 'phone' ? '1' : '2'}${String(Date.now()).slice(-7)}`;
      const name = `${type} e2e ${testInfo.project.name} ${stamp}`;
      await selectAgency(page, VALLEY);
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
        .getByRole('button', { name: new RegExp(escapeRegExp(name)) });
      await expect(row).toHaveAttribute('aria-expanded', 'true', LOAD_TIMEOUT);
      await expect(row).toContainText('Unassigned');
    });
  }
});
