import type { APIRequestContext } from '@playwright/test';
import {
  CAMPAIGN_MESSAGES,
  type Campaign,
  type CampaignBusDetail,
  type CampaignBusPage,
} from '@toolkit/contracts/campaigns.ts';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { expect, expectAccessible, openSignedIn, selectAgency, test, type Page } from '../fixtures.ts';

const LEAD = { username: 'lead', password: 'demo-password' } as const;
const CREW2 = { username: 'crew2', password: 'demo-password' } as const;
const METRO = 'Riverside Metropolitan Transit';

// The installer's phone at its narrowest (360 px): every control reachable, nothing wider than it.
test.use({ viewport: { width: 360, height: 780 } });

async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const res = await request.post(url, {
    headers: {
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': `e2e-${String(Date.now())}-${String(Math.random())}`,
    },
    data,
  });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as unknown;
}

/** A campaign of this test's own (the supervisor makes it through the API) with two buses. */
async function campaignWithTwoBuses(
  request: APIRequestContext,
  leadToken: string,
  clientId: number,
  vehicles: Vehicle[],
) {
  const campaign = (await post(request, leadToken, '/api/campaigns', {
    clientId,
    name: `Installer retrofit ${String(Date.now())}`,
    items: [
      { key: 'gps_fitted', label: 'GPS fitted', kind: 'fit', deviceType: 'GPS', quantity: 1 },
      { key: 'connectivity', label: 'Connectivity test', kind: 'test', testKey: 'connectivity' },
      { key: 'harness', label: 'Harness secured', kind: 'manual' },
      { key: 'decals', label: 'Decals applied', kind: 'manual' },
    ],
  })) as Campaign;
  // Buses from the middle of the fleet, away from the other journeys' (a bus is in one active
  // campaign): the shipment scan takes the five before the last 20, the journey and the board those.
  const middle = vehicles
    .slice(10, -25)
    .sort(() => Math.random() - 0.5)
    .slice(0, 4);
  await post(request, leadToken, `/api/campaigns/${String(campaign.id)}/buses`, {
    vehicleIds: middle.map((v) => v.id),
  });
  return campaign;
}

const checklistOf = (page: Page, busId: number, token: string) =>
  page.request
    .get(`/api/campaign-buses/${String(busId)}`, { headers: { Authorization: `Bearer ${token}` } })
    .then((res) => res.json() as Promise<CampaignBusDetail>);

async function expectFits(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('an installer claims a bus, ticks without and with signal, reports a blocker and submits', async ({
  page,
  api,
  request,
  demoToken,
}) => {
  test.setTimeout(180_000);
  const [leadToken, crewToken] = [await api.login(LEAD), await api.login(CREW2)];
  const metro = (await api.get<Client[]>('/api/clients', leadToken)).find((c) => c.fullName === METRO);
  if (!metro) throw new Error(`${METRO} is not among lead's agencies`);
  const vehicles = await api.get<Vehicle[]>(`/api/vehicles/client/${String(metro.id)}`, leadToken);
  const campaign = await campaignWithTwoBuses(request, leadToken, metro.id, vehicles);
  const page1 = await api.get<CampaignBusPage>(`/api/campaigns/${String(campaign.id)}/buses`, leadToken);
  const [mine, raced] = page1.items;
  if (!mine || !raced) throw new Error('the campaign has fewer than 2 buses');

  // Campaigns, from the header menu; the campaign's counts as an installer reads them.
  await openSignedIn(page, demoToken, '/clients');
  await selectAgency(page, METRO);
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  const card = page.getByRole('link', { name: new RegExp(campaign.name) });
  await expect(card).toContainText(
    `My buses 0 · Unassigned ${String(page1.total)} · Done 0/${String(page1.total)}`,
  );
  await expectAccessible(page);
  await card.click();
  await expect(page.getByRole('heading', { name: 'My buses', level: 1 })).toBeVisible();

  // Casey claims a bus first: the slower tap reads the server's words.
  await expect(page.getByRole('button', { name: `Claim bus ${raced.fleetNumber}` })).toBeVisible();
  await post(request, crewToken, `/api/campaign-buses/${String(raced.id)}/claim`, {});
  await page.getByRole('button', { name: `Claim bus ${raced.fleetNumber}` }).click();
  await expect(page.getByRole('alert')).toHaveText(
    CAMPAIGN_MESSAGES.busAssigned(raced.fleetNumber, 'Casey Crew'),
  );

  // One tap claims the other; it is mine.
  await page.getByRole('searchbox', { name: 'Search by fleet number' }).fill(mine.fleetNumber);
  await page.getByRole('button', { name: `Claim bus ${mine.fleetNumber}` }).click();
  const myList = page.getByRole('list', { name: 'My buses' });
  await expect(myList.getByRole('link', { name: new RegExp(`Bus ${mine.fleetNumber}`) })).toBeVisible();
  await expectFits(page);
  await expectAccessible(page);

  // The checklist, grouped, with the way to the bus's workspace.
  await myList.getByRole('link', { name: new RegExp(`Bus ${mine.fleetNumber}`) }).click();
  await expect(page.getByRole('heading', { name: `Bus ${mine.fleetNumber}`, level: 1 })).toBeVisible();
  for (const group of ['Fit', 'Test', 'Checks'])
    await expect(page.getByRole('heading', { name: group, level: 2 })).toBeVisible();
  await expect(
    page.getByRole('link', { name: `Open bus ${mine.fleetNumber} in the workspace` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the tests for Connectivity test' })).toBeVisible();

  // Without signal: the tick waits on the phone, then goes when the signal is back.
  await page.context().setOffline(true);
  await page.getByRole('checkbox', { name: 'Harness secured' }).check();
  await expect(page.getByText('Waiting to sync')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: '1 waiting' })).toBeVisible();
  await expectFits(page);
  // Without signal the screens open from what the phone holds, the tick still waiting.
  await page.getByRole('button', { name: 'Back to Clients' }).click();
  await expect(page.getByRole('heading', { name: 'My buses', level: 1 })).toBeVisible();
  await myList.getByRole('link', { name: new RegExp(`Bus ${mine.fleetNumber}`) }).click();
  await expect(page.getByText('Waiting to sync')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Harness secured' })).toBeChecked();
  await page.context().setOffline(false);
  await expect(page.getByText('Waiting to sync')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('checkbox', { name: 'Harness secured' })).toBeChecked();
  // With signal: at once.
  await page.getByRole('checkbox', { name: 'Decals applied' }).check();
  await expect
    .poll(async () =>
      (await checklistOf(page, mine.id, demoToken)).items
        .filter((i) => i.kind === 'manual')
        .map((i) => i.state),
    )
    .toEqual(['done', 'done']);
  await expect(page.getByRole('checkbox', { name: 'Decals applied' })).toBeChecked();

  // A blocker: "Other" needs a note; reported, then cleared.
  await page.getByRole('button', { name: 'Report a blocker' }).click();
  await page.getByRole('radio', { name: 'Other' }).check();
  await page.getByRole('button', { name: 'Report blocker' }).click();
  await expect(page.getByRole('alert')).toHaveText(CAMPAIGN_MESSAGES.otherNeedsNote);
  await page.getByRole('radio', { name: 'Parts missing' }).check();
  await page.getByLabel('Note (optional)').fill('Tablet bracket not delivered');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Report blocker' }).click();
  await expect(page.getByText('Blocked: Parts missing: Tablet bracket not delivered')).toBeVisible();
  await expect
    .poll(async () => (await checklistOf(page, mine.id, demoToken)).blocked?.code)
    .toBe('parts_missing');
  await page.getByRole('button', { name: 'Clear blocker' }).click();
  await expect(page.getByText(/^Blocked:/)).toBeHidden();

  // Submit: what is missing is listed, each with a reason.
  const detail = await checklistOf(page, mine.id, demoToken);
  const missing = detail.items.filter((i) => i.required && i.state !== 'done' && i.state !== 'na');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  if (missing.length > 0) {
    await expect(
      page.getByText(
        CAMPAIGN_MESSAGES.missing(
          mine.fleetNumber,
          missing.map((i) => i.label),
        ),
      ),
    ).toBeVisible();
    for (const item of missing)
      await page.getByLabel(`Reason for ${item.label}`).fill('Unit arrives next week');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit with reasons' }).click();
  }
  await expect(page.getByText("Submitted: waiting for the supervisor's review.")).toBeVisible();
  await expect.poll(async () => (await checklistOf(page, mine.id, demoToken)).state).toBe('ready_for_review');
  await expectFits(page);
});
