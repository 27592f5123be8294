import type { Device } from '@toolkit/contracts/devices.ts';
import { expect, selectAgency, test, type Page } from '../fixtures.ts';
import { fleetOf, VALLEY } from '../support/device-journey.ts';

// Issue 16: the screens as an installer meets them on a phone. The phone project only runs this
// file (playwright.config.ts): the checks are about a phone's first screen, its tap targets and a
// 360 px header.

test.describe.configure({ timeout: 120_000 });

const LOAD = { timeout: 20_000 };

/** The elements a finger can use that are smaller than 44x44 CSS px, described for the failure message. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=checkbox], [role=tab], [role=switch], [tabindex]:not([tabindex="-1"])';
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (el.closest('[aria-hidden="true"]') || el.closest('[inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || style.pointerEvents === 'none')
        continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // WCAG 2.5.8 exempts links inside a sentence; there are none on these screens but keep the rule.
      if (el.tagName === 'A' && el.closest('p') && el.parentElement?.textContent !== el.textContent) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = el.getAttribute('aria-label') ?? el.textContent.trim().slice(0, 40);
        small.push(`${el.tagName.toLowerCase()} "${name}" ${box.width.toFixed(0)}x${box.height.toFixed(0)}`);
      }
    }
    return small;
  });
}

type Tone = 'warning' | 'destructive' | 'neutral';
const EXPECTED_TONE: Record<string, Tone> = {
  Warning: 'warning',
  Error: 'destructive',
  Offline: 'destructive',
  Online: 'neutral',
  'Non-reporting': 'neutral',
};

/**
 * Every device status badge in `scope` (found by its visible text): its dot must have §4's colour
 * (warning yellow, error and offline red, others grey), read from the theme's own colours, and
 * be at least 8 px wide. Returns how many were checked.
 */
async function checkStatusColours(page: Page, scope: ReturnType<Page['getByRole']>): Promise<number> {
  const badges = scope.getByText(/^(Online|Offline|Warning|Error|Non-reporting)$/);
  const count = await badges.count();
  for (let i = 0; i < count; i++) {
    const badge = badges.nth(i);
    const label = (await badge.textContent())?.trim() ?? '';
    const found = await badge.evaluate((el) => {
      const dot = el.querySelector('[aria-hidden="true"]');
      if (!(dot instanceof HTMLElement)) return null;
      const probe = document.createElement('span');
      document.body.append(probe);
      const colourOf = (variable: string) => {
        probe.style.color = `var(${variable})`;
        return getComputedStyle(probe).color;
      };
      const theme = {
        warning: colourOf('--warning'),
        destructive: colourOf('--destructive'),
        neutral: colourOf('--muted-foreground'),
      };
      probe.remove();
      const colour = getComputedStyle(dot).backgroundColor;
      const tone = (Object.keys(theme) as (keyof typeof theme)[]).find((k) => theme[k] === colour) ?? colour;
      return { tone, width: dot.getBoundingClientRect().width };
    });
    expect(found, `status "${label}" has no colour dot`).not.toBeNull();
    expect(found?.tone, `status "${label}" colour`).toBe(EXPECTED_TONE[label]);
    expect(found?.width ?? 0, `status "${label}" dot size`).toBeGreaterThanOrEqual(8);
  }
  return count;
}

async function openAgency(page: Page): Promise<void> {
  await selectAgency(page, VALLEY);
}

test('on Vehicles and Devices the first row starts in the top 35 % of the screen', async ({
  signedInPage: page,
}) => {
  await openAgency(page);
  const limit = (page.viewportSize()?.height ?? 844) * 0.35;

  await page.goto('/vehicles');
  const vehicleRow = page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem').first();
  await expect(vehicleRow).toBeVisible(LOAD);
  expect((await vehicleRow.boundingBox())?.y ?? Infinity).toBeLessThan(limit);

  await page.goto('/devices');
  const deviceRow = page.getByRole('list', { name: 'Devices' }).getByRole('listitem').first();
  await expect(deviceRow).toBeVisible(LOAD);
  expect((await deviceRow.boundingBox())?.y ?? Infinity).toBeLessThan(limit);
});

test('no tap target under 44x44 on any main screen', async ({ signedInPage: page, api, demoToken }) => {
  const { devices } = await fleetOf(api, demoToken, VALLEY);
  const device = devices.find((d) => d.type === 'Tablet') ?? devices[0];
  if (!device) throw new Error('the agency has no devices');

  expect(await smallTargets(page), '/clients').toEqual([]);
  await openAgency(page);
  expect(await smallTargets(page), '/overview').toEqual([]);

  await page.goto('/vehicles');
  await expect(page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem').first()).toBeVisible(LOAD);
  await page.getByRole('list', { name: 'Vehicles' }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: /Connected devices/ })).toBeVisible();
  expect(await smallTargets(page), '/vehicles').toEqual([]);

  await page.goto(`/devices?deviceId=${encodeURIComponent(device.deviceId)}`);
  await expect(page.getByRole('heading', { name: 'Metadata' })).toBeVisible(LOAD);
  expect(await smallTargets(page), '/devices').toEqual([]);

  await page.goto(`/devices/${encodeURIComponent(device.deviceId)}`);
  await expect(page.getByRole('heading', { name: 'Identifiers' })).toBeVisible(LOAD);
  expect(await smallTargets(page), '/devices/:id').toEqual([]);

  for (const path of ['/reports', '/support']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOAD);
    expect(await smallTargets(page), path).toEqual([]);
  }
});

test('the sign-in screen has no tap target under 44x44', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Remember me on this device')).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
});

test('device status colours follow §4 wherever a device status is shown', async ({
  signedInPage: page,
  api,
  demoToken,
}) => {
  const { devices, vehicles } = await fleetOf(api, demoToken, VALLEY);
  const byStatus = (status: Device['status']) =>
    devices.find((d) => d.type !== 'Other' && d.status === status);
  const subjects = [byStatus('online'), byStatus('offline'), byStatus('warning')].filter(
    (d): d is Device => d !== undefined,
  );
  expect(subjects.length).toBeGreaterThan(1);
  await openAgency(page);

  // Devices: the whole first page.
  await page.goto('/devices');
  const list = page.getByRole('list', { name: 'Devices' });
  await expect(list.getByRole('listitem').first()).toBeVisible(LOAD);
  expect(await checkStatusColours(page, list)).toBeGreaterThan(0);

  // Device detail, one of each status.
  for (const device of subjects) {
    await page.goto(`/devices/${encodeURIComponent(device.deviceId)}`);
    await expect(page.getByRole('heading', { name: 'Identifiers' })).toBeVisible(LOAD);
    expect(await checkStatusColours(page, page.getByRole('main'))).toBeGreaterThan(0);
  }

  // A vehicle's device list: a vehicle carrying an online device (green there before issue 16).
  const online = subjects[0];
  const vehicle = vehicles.find((v) => v.id === online?.vehicleId);
  if (vehicle) {
    await page.goto('/vehicles');
    await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(vehicle.vehicleId);
    const row = page
      .getByRole('list', { name: 'Vehicles' })
      .getByRole('button', { name: new RegExp(`^${vehicle.vehicleId} `) });
    await row.click();
    const onVehicle = page.getByRole('list', { name: `Devices on ${vehicle.vehicleId}` });
    await expect(onVehicle.getByRole('listitem').first()).toBeVisible(LOAD);
    expect(await checkStatusColours(page, onVehicle)).toBeGreaterThan(0);
  }
});

test('the agency is named in the header of every client-scoped screen, on one line at 360 px', async ({
  signedInPage: page,
  api,
  demoToken,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { devices, vehicles } = await fleetOf(api, demoToken, VALLEY);
  const device = devices[0];
  const vehicle = vehicles[0];
  if (!device || !vehicle) throw new Error('the agency needs a device and a vehicle');
  await openAgency(page);
  const screens = [
    '/overview',
    '/vehicles',
    '/devices',
    `/devices/${encodeURIComponent(device.deviceId)}`,
    `/vehicle/${String(vehicle.id)}/installation`,
    '/reports',
    '/dashboard',
  ];
  for (const path of screens) {
    if (path !== '/overview') await page.goto(path);
    const header = page.getByRole('banner');
    await expect(header, path).toContainText(VALLEY, LOAD);
    const name = header.getByText(VALLEY);
    const lines = await name.evaluate((el) => {
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
      return Math.round(el.getBoundingClientRect().height / lineHeight);
    });
    expect(lines, `${path}: the agency's name takes one line`).toBe(1);
    const back = header.getByRole('button', { name: 'Back to Clients' });
    const [backBox, nameBox] = await Promise.all([back.boundingBox(), name.boundingBox()]);
    // One line: the back button and the name side by side, not stacked.
    expect(
      Math.abs(
        (backBox?.y ?? 0) + (backBox?.height ?? 0) / 2 - ((nameBox?.y ?? 0) + (nameBox?.height ?? 0) / 2),
      ),
    ).toBeLessThan(8);
    // A second line would add at least 20 px to the 56 px bar.
    expect((await header.boundingBox())?.height ?? Infinity, `${path}: header height`).toBeLessThan(72);
  }
});

test('every icon-only control on Vehicles and Devices names itself in a tooltip (§4, §9)', async ({
  signedInPage: page,
}) => {
  await openAgency(page);
  const tooltipOf = async (name: string | RegExp, text: string | RegExp) => {
    // Keyboard focus opens a tooltip at once (a resting pointer after §9's 700 ms).
    await page.getByRole('button', { name }).first().focus();
    await expect(page.getByRole('tooltip')).toHaveText(text);
    await page.keyboard.press('Escape');
  };

  await page.goto('/vehicles');
  await expect(page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem').first()).toBeVisible(LOAD);
  await tooltipOf(/^Sort: Name/, /^Sort: Name/);
  await tooltipOf('Menu', 'Menu');

  await page.goto('/devices');
  await expect(page.getByRole('list', { name: 'Devices' }).getByRole('listitem').first()).toBeVisible(LOAD);
  await tooltipOf(/^Sort (ascending|descending)$/, /^Sort (ascending|descending)$/);
  await tooltipOf('List view', 'List view');
  await tooltipOf('Cards view', 'Cards view');
});

test('with reduced motion asked for, nothing slides or pulses, and a spinner still turns', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/login');
  const motion = (selector: string) =>
    page.evaluate((css) => {
      const probe = document.createElement('div');
      probe.className = css;
      document.body.append(probe);
      const style = getComputedStyle(probe);
      const figures = { transition: style.transitionDuration, animation: style.animationDuration };
      probe.remove();
      return figures;
    }, selector);
  const signIn = page.getByRole('button', { name: 'Sign in' });
  expect(await signIn.evaluate((button) => getComputedStyle(button).transitionDuration)).toBe('0s');
  expect((await motion('animate-pulse')).animation).toBe('0s');
  expect((await motion('animate-spin')).animation).toBe('1s');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await signIn.evaluate((button) => getComputedStyle(button).transitionDuration)).not.toBe('0s');
  expect((await motion('animate-pulse')).animation).toBe('2s');
});
