import type { APIRequestContext } from '@playwright/test';
import type { Client } from '@toolkit/contracts/clients.ts';
import { CAMPAIGN_EXPORT_HEADER, type CampaignBusPage } from '@toolkit/contracts/campaigns.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { readFileSync } from 'node:fs';
import {
  expect,
  expectAccessible,
  openSignedIn,
  selectAgency,
  test,
  toastTitle,
  type Page,
} from '../fixtures.ts';

const LEAD = { username: 'lead', password: 'demo-password' } as const;
const CREW2 = { username: 'crew2', password: 'demo-password' } as const;
const METRO = 'Riverside Metropolitan Transit';

/** The installer's part, through the API: submit a bus with a reason for each item not done. */
async function submitAsInstaller(request: APIRequestContext, token: string, busId: number): Promise<void> {
  const res = await request.post(`/api/campaign-buses/${String(busId)}/submit`, {
    headers: {
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': `e2e-submit-${String(busId)}-${String(Date.now())}`,
    },
    data: { exceptions: { gps_fitted: 'Unit arrives next week', cabling_tidy: 'Loom tidied with the unit' } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const row = (page: Page, fleet: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: fleet, exact: true }) });

async function openReview(page: Page, fleet: string) {
  await page.getByRole('button', { name: fleet, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Bus ${fleet}` });
  await expect(drawer.getByRole('table')).toBeVisible();
  return drawer;
}

test('a supervisor creates a campaign, adds and assigns buses, reviews them and exports', async ({
  page,
  api,
  request,
}) => {
  test.setTimeout(180_000);
  const [leadToken, crewToken] = [await api.login(LEAD), await api.login(CREW2)];
  const clients = await api.get<Client[]>('/api/clients', leadToken);
  const metro = clients.find((c) => c.fullName === METRO);
  if (!metro) throw new Error(`${METRO} is not among lead's agencies`);
  const vehicles = await api.get<Vehicle[]>(`/api/vehicles/client/${String(metro.id)}`, leadToken);
  const [v1, v2, v3] = vehicles.slice(-3).map((v) => v.vehicleId);
  if (!v1 || !v2 || !v3) throw new Error('the agency has fewer than 3 buses');

  // Create the campaign from the campaign list.
  await openSignedIn(page, leadToken, '/clients');
  await selectAgency(page, METRO);
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const form = page.getByRole('dialog', { name: 'New campaign' });
  const name = `Board retrofit ${String(Date.now())}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Start date').fill('2026-11-01');
  await form.getByLabel('Due date').fill('2027-01-31');
  await form.getByRole('group', { name: 'Item 1' }).getByLabel('Label').fill('GPS fitted');
  await form.getByRole('button', { name: 'Add item' }).click();
  await form.getByRole('group', { name: 'Item 2' }).getByLabel('Label').fill('Cabling tidy');
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const campaignId = Number(/\/campaigns\/(\d+)/.exec(page.url())?.[1]);

  // Add two buses from the vehicle list, one from a bus-list CSV with its installer.
  await page.getByRole('button', { name: 'Add buses' }).click();
  const add = page.getByRole('dialog', { name: 'Add buses' });
  for (const fleet of [v1, v2]) {
    await add.getByRole('searchbox', { name: 'Filter vehicles' }).fill(fleet);
    await add.getByRole('checkbox', { name: new RegExp(`^${fleet}\\b`) }).click();
  }
  await add.getByRole('button', { name: 'Add 2 buses' }).click();
  await expect(add.getByText('Added 2 buses.')).toBeVisible();
  await add.getByRole('tab', { name: 'From a CSV file' }).click();
  await add.getByLabel('Bus list (CSV)').setInputFiles({
    name: 'buses.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`vehicle_id,assignee\n${v3},crew2\n`),
  });
  await add.getByRole('button', { name: 'Preview' }).click();
  await expect(add.getByText('New', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('1');
  await add.getByRole('button', { name: 'Import' }).click();
  await expect(add.getByText('Imported 1 bus.')).toBeVisible();
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Close' }).click();
  await expect(row(page, v3)).toContainText('Casey Crew');

  // Assign the other two to the installer seen on the board.
  await page.getByRole('checkbox', { name: `Select bus ${v1}` }).click();
  await page.getByRole('checkbox', { name: `Select bus ${v2}` }).click();
  await page.getByRole('button', { name: 'Assign to…' }).click();
  await page.getByRole('dialog', { name: 'Assign to…' }).getByRole('button', { name: 'Casey Crew' }).click();
  await expect(toastTitle(page, 'Assigned 2 buses to Casey Crew')).toBeVisible();
  await expect(row(page, v1)).toContainText('Casey Crew');
  await expect(row(page, v2)).toContainText('Casey Crew');

  // The installer submits both, with a reason for each item not done.
  const buses = await api.get<CampaignBusPage>(`/api/campaigns/${String(campaignId)}/buses`, leadToken);
  const busOf = (fleet: string) => buses.items.find((b) => b.fleetNumber === fleet)?.id ?? 0;
  await submitAsInstaller(request, crewToken, busOf(v1));
  await submitAsInstaller(request, crewToken, busOf(v2));
  await page.reload();
  await expect(row(page, v1)).toContainText('Ready for review');

  // A bus with exceptions is accepted only with exceptions and a note.
  let drawer = await openReview(page, v1);
  await expect(drawer.getByText('Exception: Loom tidied with the unit')).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(drawer.getByRole('alert')).toHaveText(
    `Bus ${v1} has exceptions; accept it with exceptions and a note.`,
  );
  await drawer.getByRole('button', { name: 'Accept with exceptions…' }).click();
  await drawer.getByRole('textbox', { name: 'Note' }).fill('ok');
  await drawer.getByRole('button', { name: 'Accept with exceptions', exact: true }).click();
  await expect(drawer.getByText('Add a note of 3 characters or more.')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Note' }).fill('GPS follows with the next delivery');
  await drawer.getByRole('button', { name: 'Accept with exceptions', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(row(page, v1)).toContainText('Accepted with exceptions');

  // Reject needs a reason; the bus goes back in progress for rework.
  drawer = await openReview(page, v2);
  await drawer.getByRole('button', { name: 'Reject…' }).click();
  await drawer.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(drawer.getByText('A reason is required.')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Reason' }).fill('The after photo is missing');
  await drawer.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(row(page, v2)).toContainText('In progress');
  await expect(row(page, v2)).toContainText('Rework');

  // The acceptance sheet downloads with the header of the design.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.slice(1).split('\r\n')[0]).toBe(CAMPAIGN_EXPORT_HEADER.join(','));
  await expect(page.getByRole('list', { name: 'Events' })).toContainText('Exported');
});
