import { expect, expectAccessible, openSignedIn, selectAgency, test } from '../fixtures.ts';
import { AGENCY } from '../support/vehicle-journey.ts';

test('unknown paths show the 404 page when signed in, and go to /login without a token', async ({
  page,
  demoToken,
}) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await openSignedIn(page, demoToken, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Clients' })).toBeVisible();
});

test(
  'the back button walks the route history, then falls back to /clients',
  { tag: '@desktop' },
  async ({ signedInPage: page }) => {
    await expect(page.getByRole('button', { name: 'Back to Clients' })).toHaveCount(0);
    await page.getByRole('button', { name: /Valley Vista Transit/ }).click();
    await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Overview', 'Vehicles', 'Devices', 'Reports', 'Support']);
    await nav.getByRole('link', { name: 'Devices' }).click();
    await expect(page).toHaveURL(/\/devices$/);
    await expect(nav.getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
    await expectAccessible(page);
    await nav.getByRole('link', { name: 'Support' }).click();
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Mood Tracker' })).toBeVisible();

    const back = page.getByRole('button', { name: 'Back to Clients' });
    // A very slow phone: each Back is tapped once the address has changed, before the screen has
    // rendered, and must still go back from the address shown (the one CI failure of stop 44).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 30 });
    await back.click();
    await expect(page).toHaveURL(/\/reports$/);
    await back.click();
    await expect(page).toHaveURL(/\/devices$/);
    await back.click();
    await expect(page).toHaveURL(/\/overview$/);
  },
);

test('with no earlier route the back button goes to /clients', async ({ signedInPage: page }) => {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { name: 'Select Client' })).toBeVisible();
});

test('the deviceId parameter is removed from the devices URL', async ({ signedInPage: page }) => {
  // Devices is client-scoped (the route guard shows 'No Client Selected' otherwise).
  await selectAgency(page, AGENCY);
  await page.goto('/devices?deviceId=GPS-0001');
  await expect(page).toHaveURL(/\/devices$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' }),
  ).toHaveAttribute('aria-current', 'page');
});
