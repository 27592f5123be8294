import { devices, type Browser, type BrowserContext } from '@playwright/test';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { readFileSync } from 'node:fs';
import { DEMO, expect as baseExpect, openSignedIn, selectAgency, test, type Page } from '../fixtures.ts';

/**
 * One install campaign end to end, in the browser, as three people run it at once: a supervisor
 * (`lead`) on a wide screen and two installers (`demo`, `crew2`) on phones, each in a context of
 * their own. It runs in the 'phone' project (demo's phone is the test's own page, 390 px wide);
 * the supervisor's 1280 × 800 screen and crew2's 360 px phone are contexts made here.
 */

/**
 * Three people's screens and one server on a 2-core machine shared with other work: each step that
 * waits for the server (a page or a list loaded, a write answered) may take longer than the suite's
 * 15 s, so this journey waits twice as long (a run on a machine to itself takes about a minute).
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

const LEAD = { username: 'lead', password: 'demo-password', name: 'Lee Supervisor' } as const;
const CREW2 = { username: 'crew2', password: 'demo-password', name: 'Casey Crew' } as const;
const METRO = 'Riverside Metropolitan Transit';

/** The acceptance export's header, word for word as the design gives it. */
const EXPORT_HEADER =
  'campaign,agency,vehicle_id,vin,make,model,year,state,accepted_with_exceptions,blocker,installers,submitted_at,submitted_by,accepted_at,accepted_by,acceptance_note,rework_count,gps_units,tablet_units,router_units,apc_units,other_units,test_gps,test_connectivity,test_headsign,test_clock_sync,test_audio,tested_at,photos,exceptions';

/** A context of its own for one person, signed in by token on the agency's overview. */
async function personContext(
  browser: Browser,
  baseURL: string,
  options: Parameters<Browser['newContext']>[0],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...options, baseURL, serviceWorkers: 'block' });
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(60_000);
  // The guided tour stays closed, as the test's own page has it (fixtures.ts).
  await context.addInitScript(() => localStorage.setItem('tourCompleted', 'true'));
  return { context, page: await context.newPage() };
}

/** Signed in by token on the agency's Fleet Overview (its list may be slow to come on a busy machine). */
async function openAgency(page: Page, token: string): Promise<void> {
  await openSignedIn(page, token, '/clients');
  await expect(page.getByRole('button', { name: new RegExp(METRO) })).toBeVisible();
  await selectAgency(page, METRO);
}

/** From the header menu to a campaign's "My buses" (installers, on a phone), nothing claimed yet. */
async function openMyBuses(page: Page, token: string, campaign: string): Promise<void> {
  await openAgency(page, token);
  // On a busy machine the first press may come before the app runs the menu: press again until it opens.
  await expect(async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Campaigns' })).toBeVisible({ timeout: 3_000 });
  }).toPass();
  await page.getByRole('menuitem', { name: 'Campaigns' }).click();
  const card = page.getByRole('link', { name: new RegExp(campaign) });
  await expect(card).toContainText('My buses 0 · Unassigned 2 · Done 0/2');
  await card.click();
  await expect(page.getByRole('heading', { name: 'My buses', level: 1 })).toBeVisible();
}

const boardRow = (page: Page, fleet: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: fleet, exact: true }) });

/** A figure of the board's dashboard ("Blocked" → "1"). */
const stat = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Dashboard' })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::dd');

async function openReview(page: Page, fleet: string) {
  await page.reload();
  await expect(boardRow(page, fleet)).toContainText('Ready for review');
  await page.getByRole('button', { name: fleet, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Bus ${fleet}` });
  await expect(drawer.getByRole('table')).toBeVisible();
  return drawer;
}

/** One record of the export (RFC 4180: a quoted field may hold commas and doubled quotes). */
const csvCells = (line: string) =>
  [...`,${line}`.matchAll(/,("(?:[^"]|"")*"|[^,]*)/g)].map(([, field = '']) =>
    field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field,
  );

test('a supervisor and two installers run an install campaign from the first bus to the export', async ({
  page: demoPage,
  api,
  browser,
  baseURL,
  demoToken,
}) => {
  test.setTimeout(150_000);
  if (!baseURL) throw new Error('no baseURL');
  const [leadToken, crewToken] = await Promise.all([api.login(LEAD), api.login(CREW2)]);
  // Each person's first agency list reads the fleet platform: once here, not in the screens' time.
  const [clients] = await Promise.all(
    [leadToken, demoToken, crewToken].map((token) => api.get<Client[]>('/api/clients', token)),
  );
  const metro = clients?.find((c) => c.fullName === METRO);
  if (!metro) throw new Error(`${METRO} is not among lead's agencies`);
  // Two buses no other campaign spec takes (they use the middle of the fleet and its last three).
  const vehicles = await api.get<Vehicle[]>(`/api/vehicles/client/${String(metro.id)}`, leadToken);
  const spare = vehicles.slice(-20, -3).sort(() => Math.random() - 0.5);
  const [busA, busB] = spare.map((v) => v.vehicleId);
  if (!busA || !busB) throw new Error('the agency has too few buses');

  const lead = await personContext(browser, baseURL, {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
  });
  const crew = await personContext(browser, baseURL, {
    ...devices['Pixel 7'],
    viewport: { width: 360, height: 780 },
  });
  const sup = lead.page;
  const crewPage = crew.page;
  try {
    // The supervisor creates the campaign: a test and two checks every bus must meet.
    await openAgency(sup, leadToken);
    await sup.goto('/campaigns');
    await sup.getByRole('button', { name: 'New campaign' }).click();
    const form = sup.getByRole('dialog', { name: 'New campaign' });
    const name = `Journey retrofit ${String(Date.now())}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Due date').fill('2027-02-26');
    const first = form.getByRole('group', { name: 'Item 1' });
    // A label holding its select names it with the chosen option too ("Kind Fit a device").
    await first.getByRole('combobox', { name: /^Kind\b/ }).selectOption({ label: 'Pass a test' });
    await first.getByRole('combobox', { name: /^Test\b/ }).selectOption({ label: 'Connectivity' });
    await first.getByLabel('Label').fill('Connectivity test');
    await form.getByRole('button', { name: 'Add item' }).click();
    await form.getByRole('group', { name: 'Item 2' }).getByLabel('Label').fill('Harness secured');
    await form.getByRole('button', { name: 'Add item' }).click();
    await form.getByRole('group', { name: 'Item 3' }).getByLabel('Label').fill('Decals applied');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await expect(sup.getByRole('heading', { name, level: 1 })).toBeVisible();

    // Buses: one from the vehicle list, one from a bus-list CSV, previewed before it is imported.
    await sup.getByRole('button', { name: 'Add buses' }).click();
    const add = sup.getByRole('dialog', { name: 'Add buses' });
    await add.getByRole('searchbox', { name: 'Filter vehicles' }).fill(busA);
    await add.getByRole('checkbox', { name: new RegExp(`^${busA}\\b`) }).click();
    await add.getByRole('button', { name: 'Add 1 bus' }).click();
    await expect(add.getByText('Added 1 bus.')).toBeVisible();
    await add.getByRole('tab', { name: 'From a CSV file' }).click();
    await add.getByLabel('Bus list (CSV)').setInputFiles({
      name: 'buses.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`vehicle_id,planned_on,notes\r\n${busB},2027-01-15,Rear door harness\r\n`),
    });
    await add.getByRole('button', { name: 'Preview' }).click();
    const previewed = (label: string) =>
      add.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
    await expect(previewed('New')).toHaveText('1');
    await expect(previewed('Errors')).toHaveText('0');
    await add.getByRole('button', { name: 'Import' }).click();
    await expect(add.getByText('Imported 1 bus.')).toBeVisible();
    await add.getByRole('button', { name: 'Close' }).click();
    await expect(boardRow(sup, busA)).toContainText('Unassigned');
    await expect(boardRow(sup, busB)).toContainText('Unassigned');
    await expect(stat(sup, 'Planned')).toHaveText('2');

    // Both installers open the campaign; each claims a bus in one tap.
    await Promise.all([openMyBuses(demoPage, demoToken, name), openMyBuses(crewPage, crewToken, name)]);
    await demoPage.getByRole('button', { name: `Claim bus ${busA}` }).click();
    const demoList = demoPage.getByRole('list', { name: 'My buses' });
    await expect(demoList.getByRole('link', { name: new RegExp(`Bus ${busA}`) })).toBeVisible();
    // Casey's screen still offers that bus: the server says who has it.
    await crewPage.getByRole('button', { name: `Claim bus ${busA}` }).click();
    await expect(
      crewPage.getByRole('alert').filter({ hasText: `Bus ${busA} is assigned to ${DEMO.name}.` }),
    ).toBeVisible();
    await crewPage.getByRole('button', { name: `Claim bus ${busB}` }).click();
    await expect(
      crewPage.getByRole('list', { name: 'My buses' }).getByRole('link', { name: new RegExp(`Bus ${busB}`) }),
    ).toBeVisible();

    // Dana works the bus without signal: a tick and a blocker wait on the phone, then go.
    await demoList.getByRole('link', { name: new RegExp(`Bus ${busA}`) }).click();
    await expect(demoPage.getByRole('heading', { name: `Bus ${busA}`, level: 1 })).toBeVisible();
    await demoPage.context().setOffline(true);
    await demoPage.getByRole('checkbox', { name: 'Harness secured' }).check();
    await expect(demoPage.getByText('Waiting to sync')).toBeVisible();
    await demoPage.getByRole('button', { name: 'Report a blocker' }).click();
    await demoPage.getByRole('radio', { name: 'Parts missing' }).check();
    await demoPage.getByLabel('Note (optional)').fill('Tablet bracket not delivered');
    await demoPage.getByRole('button', { name: 'Report blocker' }).click();
    await expect(demoPage.getByText('Blocked: Parts missing: Tablet bracket not delivered')).toBeVisible();
    await expect(demoPage.getByText('Waiting to sync')).toHaveCount(2);
    await expect(demoPage.getByRole('banner').getByRole('button', { name: '2 waiting' })).toBeVisible();
    await demoPage.context().setOffline(false);
    await expect(demoPage.getByText('Waiting to sync')).toHaveCount(0, { timeout: 30_000 });
    // The server's copy of the blocker, with who reported it.
    await expect(
      demoPage.getByRole('region', { name: 'Blocker' }).getByText(`By ${DEMO.name},`),
    ).toBeVisible();
    await expect(demoPage.getByRole('checkbox', { name: 'Harness secured' })).toBeChecked();

    // The supervisor's board has what the phone sent.
    await sup.reload();
    await expect(boardRow(sup, busA)).toContainText(DEMO.name);
    await expect(boardRow(sup, busA)).toContainText('Blocked');
    await expect(boardRow(sup, busA)).toContainText('Parts missing');
    await expect(boardRow(sup, busA)).toContainText('1/3');
    await expect(boardRow(sup, busB)).toContainText(CREW2.name);
    await expect(stat(sup, 'Blocked')).toHaveText('1');

    // The parts came: Dana clears the blocker and submits, with a reason for what is not done.
    await demoPage.getByRole('button', { name: 'Clear blocker' }).click();
    await expect(demoPage.getByText('Waiting to sync')).toHaveCount(0);
    await expect(demoPage.getByText(/^Blocked:/)).toBeHidden();
    await demoPage.getByRole('button', { name: 'Submit for review' }).click();
    await expect(
      demoPage.getByText(`Bus ${busA} is missing: Connectivity test, Decals applied`, { exact: true }),
    ).toBeVisible();
    await demoPage.getByLabel('Reason for Connectivity test').fill('No signal in bay 4');
    await demoPage.getByLabel('Reason for Decals applied').fill('Decals out of stock');
    await demoPage.getByRole('button', { name: 'Submit with reasons' }).click();
    await expect(demoPage.getByText("Submitted: waiting for the supervisor's review.")).toBeVisible();

    // The supervisor sends it back with a reason.
    let drawer = await openReview(sup, busA);
    await expect(drawer.getByText('Exception: Decals out of stock')).toBeVisible();
    await drawer.getByRole('button', { name: 'Reject…' }).click();
    await drawer.getByRole('textbox', { name: 'Reason' }).fill('Decals are required on every bus');
    await drawer.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(boardRow(sup, busA)).toContainText('Rework');

    // Dana reads why on the phone, fixes it and submits again.
    await demoPage.reload();
    await expect(demoPage.getByText('Sent back: Decals are required on every bus')).toBeVisible();
    await demoPage.getByRole('checkbox', { name: 'Decals applied' }).check();
    await expect(demoPage.getByRole('checkbox', { name: 'Decals applied' })).toBeChecked();
    await demoPage.getByRole('button', { name: 'Submit for review' }).click();
    await expect(
      demoPage.getByText(`Bus ${busA} is missing: Connectivity test`, { exact: true }),
    ).toBeVisible();
    await demoPage.getByLabel('Reason for Connectivity test').fill('No signal in bay 4');
    await demoPage.getByRole('button', { name: 'Submit with reasons' }).click();
    await expect(demoPage.getByText("Submitted: waiting for the supervisor's review.")).toBeVisible();

    // Accepted with exceptions, with a note; then the acceptance sheet.
    drawer = await openReview(sup, busA);
    await expect(drawer.getByText('Exception: No signal in bay 4')).toBeVisible();
    await drawer.getByRole('button', { name: 'Accept with exceptions…' }).click();
    await drawer.getByRole('textbox', { name: 'Note' }).fill('Connectivity checked on the road');
    await drawer.getByRole('button', { name: 'Accept with exceptions', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(boardRow(sup, busA)).toContainText('Accepted with exceptions');
    await expect(stat(sup, 'Accepted')).toHaveText('1');
    await expect(stat(sup, 'Share accepted')).toHaveText('50%');

    const download = sup.waitForEvent('download');
    await sup.getByRole('button', { name: 'Export CSV' }).click();
    const text = readFileSync(await (await download).path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')[0]).toBe(EXPORT_HEADER);
    // No cell of this campaign holds a line break: one line is one record.
    const [header = [], ...rows] = text.slice(1).split('\r\n').filter(Boolean).map(csvCells);
    const cellsOf = (fleet: string) => {
      const row = rows.find((r) => r[header.indexOf('vehicle_id')] === fleet);
      if (!row) throw new Error(`bus ${fleet} is not in the export`);
      return Object.fromEntries(header.map((h, i) => [h, row[i] ?? '']));
    };
    expect(rows).toHaveLength(2);
    expect(cellsOf(busA)).toMatchObject({
      campaign: name,
      // The agency's name as its card in the client list shows it: its full name.
      agency: metro.fullName ?? metro.name,
      vehicle_id: busA,
      state: 'accepted',
      accepted_with_exceptions: 'true',
      blocker: '',
      installers: DEMO.name,
      submitted_by: DEMO.name,
      accepted_by: LEAD.name,
      acceptance_note: 'Connectivity checked on the road',
      rework_count: '1',
      test_gps: 'n/a',
      test_connectivity: 'pending',
      exceptions: 'connectivity_test: No signal in bay 4',
    });
    expect(cellsOf(busB)).toMatchObject({ state: 'in_progress', installers: CREW2.name, rework_count: '0' });
    await expect(sup.getByRole('list', { name: 'Events' })).toContainText('Exported');
  } finally {
    await lead.context.close();
    await crew.context.close();
  }
});
