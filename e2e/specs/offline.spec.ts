import { expect, test } from '../fixtures.ts';

test.use({ serviceWorkers: 'allow' });

test('the app shell opens offline after a first visit', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Wait until the service worker has installed (precached the shell) and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Installer Toolkit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // A deep link is answered by the cached shell too (navigation fallback), then the guard applies.
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Username or email')).toBeVisible();
});
