import { expect, expectAccessible, selectAgency, test } from '../fixtures.ts';
import { DEVICE_JOURNEY_TIMEOUT_MS, LOAD_TIMEOUT, VALLEY } from '../support/device-journey.ts';

// Each journey signs in, picks the agency and waits on the simulator: allow for a busy machine.
test.describe.configure({ timeout: DEVICE_JOURNEY_TIMEOUT_MS });

test.describe('the list', { tag: '@desktop' }, () => {
  test('filters by type and searches by device id or type', async ({ signedInPage: page }) => {
    await selectAgency(page, VALLEY);
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
    await selectAgency(page, VALLEY);
    await page.goto('/devices');
    const first = page
      .getByRole('list', { name: 'Devices' })
      .getByRole('button', { expanded: false })
      .first();
    // Assignment, ascending: the unassigned devices come first.
    await expect(first).toContainText('Unassigned', LOAD_TIMEOUT);
    await page.getByRole('button', { name: 'Sort ascending' }).click();
    await expect(page.getByRole('button', { name: 'Sort descending' })).toBeVisible();
    await expect(first).toContainText(/Vehicle \S+/);

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
    await selectAgency(page, VALLEY);
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
