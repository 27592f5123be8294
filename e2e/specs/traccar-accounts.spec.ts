import { appTookOver, expect, expectAccessible, selectAgency, type Page } from '../fixtures.ts';
import { LOAD_TIMEOUT } from '../support/device-journey.ts';
import { STANDIN_TWO_FACTOR, totpCode } from '../support/totp.ts';
import {
  STANDIN_INSTALLER,
  test,
  traccarAdminGet,
  type TcDevice,
  type TcGroup,
} from '../support/traccar-test.ts';
import { expandVehicle } from '../support/vehicle-journey.ts';

/**
 * Real Traccar accounts on the phone (issue 32, decision 041): two-factor sign-in asks for the
 * one-time code only when Traccar does, and a Traccar user's own rights hold through the toolkit,
 * said in their words, nothing shown as saved.
 */
test.describe.configure({ timeout: 120_000 });

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await appTookOver(page);
  await page.getByLabel('Username or email').fill(email);
  await page.getByLabel('Password').fill(STANDIN_INSTALLER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a Traccar account with two-factor sign-in is asked for its one-time code, then signs in', async ({
  page,
}) => {
  await expect(page.getByLabel('One-time code')).toHaveCount(0);
  await signIn(page, STANDIN_TWO_FACTOR.email);
  const code = page.getByLabel('One-time code');
  await expect(code).toBeVisible(LOAD_TIMEOUT);
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByText('Enter the one-time code from your authenticator app')).toBeVisible();
  // Being asked for a code is not a wrong password; what was typed is kept.
  await expect(page.getByText('Invalid username or password')).toHaveCount(0);
  await expect(page.getByLabel('Username or email')).toHaveValue(STANDIN_TWO_FACTOR.email);
  await expectAccessible(page);
  await code.fill(totpCode(STANDIN_TWO_FACTOR.key));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Select Client' })).toBeVisible(LOAD_TIMEOUT);
});

test('a read-only Traccar user: the assignment is refused in their words and nothing moves in Traccar', async ({
  page,
  request,
  traccar,
}) => {
  const groups = await traccarAdminGet<TcGroup[]>(request, `${traccar.standinUrl}/api/groups?all=true`);
  const agency = groups.find((g) => g.name === 'Metro Transit' && g.groupId === 0);
  const devices = await traccarAdminGet<TcDevice[]>(request, `${traccar.standinUrl}/api/devices?all=true`);
  const gps = devices.find((d) => d.name === 'Metro Transit spare GPS' && d.groupId === agency?.id);
  if (!agency || !gps) throw new Error('the stand-in has no Metro spare GPS');

  await signIn(page, 'readonly@standin.example');
  await expect(page.getByRole('heading', { name: 'Select Client' })).toBeVisible(LOAD_TIMEOUT);
  await selectAgency(page, 'Metro Transit');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vehicles' }).click();
  await expandVehicle(page, '1008');
  await page.getByRole('link', { name: 'Start installation', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Installer Workspace' })).toBeVisible();
  await page.getByRole('button', { name: 'Add from list' }).click();
  const picker = page.getByRole('dialog', { name: 'Add from Device List' });
  await picker.getByLabel('Search devices').fill(gps.uniqueId);
  await picker.getByRole('button', { name: new RegExp(`^${gps.uniqueId} GPS$`) }).click();
  await expect(picker).toBeHidden();
  await page.getByRole('button', { name: 'Assign 1 to 1008' }).click();
  await expect(page.getByText('Your Traccar account is read-only').first()).toBeVisible(LOAD_TIMEOUT);
  await expect(page.getByRole('list', { name: 'Devices on 1008' }).getByText(gps.uniqueId)).toHaveCount(0);
  const after = await traccarAdminGet<TcDevice[]>(request, `${traccar.standinUrl}/api/devices?all=true`);
  expect(after.find((d) => d.id === gps.id)?.groupId).toBe(agency.id);
});
