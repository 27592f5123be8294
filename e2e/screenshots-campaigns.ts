/**
 * The install-campaign screens for `npm run screens` (e2e/screenshots.ts): a campaign seeded over
 * the API the way its people would make it (the supervisor `lead` imports docs/samples/bus-list-sample.csv,
 * the installers `demo` and `crew2` tick, block and submit, the supervisor accepts and sends back),
 * then the installer's screens on the phone and the supervisor's board and review at 1280 × 800.
 */
import type { Browser, Page } from '@playwright/test';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import type {
  Campaign,
  CampaignBusDetail,
  CampaignBusPage,
  CreateCampaignInput,
  CsvPreview,
} from '@toolkit/contracts/campaigns.ts';
import type { Client } from '@toolkit/contracts/clients.ts';
import { STORAGE_KEYS } from '@toolkit/contracts/constants.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUS_LIST_SAMPLE = path.join(ROOT, 'docs/samples/bus-list-sample.csv');
const METRO = 'Riverside Metropolitan Transit';
const NAME = 'Winter retrofit';
const WIDE = { width: 1280, height: 800 } as const;
/** How long a screen may take to show its data on a busy machine. */
const WAIT = 60_000;

export type CampaignShot = { name: string; path: string; ready: (page: Page) => Promise<void> };

export interface SeededCampaign {
  campaignId: number;
  clientId: number;
  leadToken: string;
  /** Bus ids by fleet number. */
  buses: Map<string, number>;
}

let calls = 0;
async function call<T>(
  base: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  calls += 1;
  const csv = typeof body === 'string';
  const res = await fetch(new URL(url, base), {
    method,
    headers: {
      'content-type': csv ? 'text/csv' : 'application/json',
      'idempotency-key': `screens-${String(Date.now())}-${String(calls)}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: csv ? body : JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${String(res.status)} ${await res.text()}`);
  return (await res.json()) as T;
}

const login = async (base: string, username: string) =>
  (
    await call<LoginResponse>(base, 'POST', '/api/auth/login', null, {
      username,
      password: 'demo-password',
      rememberMe: true,
    })
  ).token;

const ITEMS: CreateCampaignInput['items'] = [
  { key: 'gps_fitted', label: 'GPS unit fitted', kind: 'fit', deviceType: 'GPS', quantity: 1 },
  { key: 'tablet_fitted', label: 'Tablet fitted', kind: 'fit', deviceType: 'Tablet', quantity: 1 },
  {
    key: 'connectivity',
    label: 'Connectivity test',
    kind: 'test',
    testKey: 'connectivity',
    warningCounts: true,
  },
  { key: 'after_photo', label: 'After photo', kind: 'photo', photoType: 'after', minCount: 1 },
  { key: 'harness', label: 'Harness secured', kind: 'manual' },
  { key: 'decals', label: 'Decals applied', kind: 'manual' },
];

/**
 * Creates "Winter retrofit" in the metro agency, imports the sample bus list (its preview must be
 * clean: this is the check that the sample is accepted) and works some buses into every state.
 */
export async function seedCampaign(base: string, demoToken: string): Promise<SeededCampaign> {
  const [leadToken, crewToken] = [await login(base, 'lead'), await login(base, 'crew2')];
  const metro = (await call<Client[]>(base, 'GET', '/api/clients', leadToken)).find(
    (c) => c.fullName === METRO,
  );
  if (!metro) throw new Error(`${METRO} is not among lead's agencies`);
  const campaign = await call<Campaign>(base, 'POST', '/api/campaigns', leadToken, {
    clientId: metro.id,
    name: NAME,
    startsOn: '2026-11-16',
    dueOn: '2027-01-29',
    items: ITEMS,
  });
  const id = String(campaign.id);
  const sample = readFileSync(BUS_LIST_SAMPLE, 'utf8');
  const importUrl = `/api/campaigns/${id}/buses/import`;
  const preview = await call<CsvPreview>(base, 'POST', `${importUrl}?dryRun=1`, leadToken, sample);
  if (preview.errorCount > 0 || preview.warningCount > 0 || preview.new === 0)
    throw new Error(`the sample bus list is not clean: ${JSON.stringify(preview)}`);
  const imported = await call<CsvPreview>(base, 'POST', importUrl, leadToken, sample);
  process.stdout.write(`bus-list-sample.csv: ${String(imported.new)} new buses imported\n`);
  const page = await call<CampaignBusPage>(base, 'GET', `/api/campaigns/${id}/buses`, leadToken);
  const buses = new Map(page.items.map((b) => [b.fleetNumber, b.id]));
  const bus = (fleet: string) => {
    const busId = buses.get(fleet);
    if (busId === undefined) throw new Error(`bus ${fleet} is not in the campaign`);
    return `/api/campaign-buses/${String(busId)}`;
  };
  const detail = (fleet: string) => call<CampaignBusDetail>(base, 'GET', bus(fleet), leadToken);
  const tick = (token: string, fleet: string, key: string) =>
    call(base, 'PUT', `${bus(fleet)}/items/${key}`, token, { state: 'done' });
  const submit = async (token: string, fleet: string, reason: string) => {
    const { items } = await detail(fleet);
    const missing = items.filter((i) => i.required && i.state !== 'done' && i.state !== 'na');
    await call(base, 'POST', `${bus(fleet)}/submit`, token, {
      exceptions: Object.fromEntries(missing.map((i) => [i.key, reason])),
    });
  };

  for (const fleet of ['1201', '1202', '1203']) await tick(demoToken, fleet, 'harness');
  await tick(demoToken, '1201', 'decals');
  await submit(demoToken, '1201', 'Test and photo after the paint shop');
  await call(base, 'POST', `${bus('1201')}/accept`, leadToken, {
    version: (await detail('1201')).version,
    forced: true,
    note: 'Connectivity checked on the road',
  });
  await submit(demoToken, '1202', 'Modem arrives Friday');
  await call(base, 'POST', `${bus('1202')}/reject`, leadToken, {
    version: (await detail('1202')).version,
    reason: 'The after photo is missing; take it from the rear door side.',
  });
  await call(base, 'POST', `${bus('1203')}/block`, demoToken, {
    code: 'parts_missing',
    note: 'Tablet bracket not delivered',
  });
  for (const key of ['harness', 'decals']) await tick(crewToken, '1205', key);
  await submit(crewToken, '1205', 'No signal in bay 4');
  await tick(crewToken, '1206', 'harness');
  await call(base, 'POST', `${bus('1207')}/block`, crewToken, {
    code: 'bus_unavailable',
    note: 'In the paint shop until Friday',
  });
  return { campaignId: campaign.id, clientId: metro.id, leadToken, buses };
}

const heading = (name: string) => async (page: Page) => {
  await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: WAIT });
};

/** The installer's screens (demo, on the phone). */
export function installerShots(seed: SeededCampaign): CampaignShot[] {
  const campaign = `/campaigns/${String(seed.campaignId)}`;
  const reworked = seed.buses.get('1202');
  if (reworked === undefined) throw new Error('bus 1202 is not in the campaign');
  return [
    {
      name: 'campaign-list',
      path: '/campaigns',
      ready: async (page) => {
        await page.getByRole('link', { name: new RegExp(NAME) }).waitFor({ timeout: WAIT });
      },
    },
    {
      name: 'campaign-my-buses',
      path: campaign,
      ready: async (page) => {
        await heading('My buses')(page);
        await page.getByRole('list', { name: 'Unassigned buses' }).waitFor({ timeout: WAIT });
      },
    },
    {
      name: 'campaign-bus',
      path: `${campaign}/buses/${String(reworked)}`,
      ready: async (page) => {
        await heading('Bus 1202')(page);
        await page.getByText(/^Sent back:/).waitFor({ timeout: WAIT });
      },
    },
  ];
}

/**
 * The supervisor's dashboard, its bus board and the review of a bus waiting for it, at 1280 × 800,
 * light and dark. `wanted` picks shots by name, as SCREENS_ONLY does.
 */
export async function captureWide(
  browser: Browser,
  base: string,
  seed: SeededCampaign,
  out: string,
  wanted: (name: string) => boolean,
): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    const suffix = `${String(WIDE.width)}-${colorScheme}`;
    const context = await browser.newContext({
      baseURL: base,
      viewport: WIDE,
      deviceScaleFactor: 1,
      colorScheme,
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    });
    context.setDefaultNavigationTimeout(90_000);
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate(
      ({ t, id, keys }) => {
        localStorage.setItem(keys.token, t);
        localStorage.setItem(keys.rememberMe, 'true');
        localStorage.setItem('tourCompleted', 'true');
        sessionStorage.setItem(keys.token, t);
        localStorage.setItem(keys.selectedClientId, id);
        sessionStorage.setItem(keys.selectedClientId, id);
      },
      { t: seed.leadToken, id: String(seed.clientId), keys: STORAGE_KEYS },
    );
    await page.goto(`/campaigns/${String(seed.campaignId)}`);
    await page.getByRole('rowheader', { name: '1212', exact: true }).waitFor({ timeout: WAIT });
    await page.getByRole('list', { name: 'Events' }).waitFor({ timeout: WAIT });
    // Let fonts, icons and the last answers settle, as the phone shots do.
    await page.waitForTimeout(400);
    const shoot = async (name: string) => {
      if (!wanted(name)) return;
      await page.screenshot({ path: path.join(out, `${name}-${suffix}.png`) });
      process.stdout.write(`${name}-${suffix}.png\n`);
    };
    // The top of the board (the dashboard), then its bus table: the app's fixed bars stay in view.
    await shoot('campaign-dashboard');
    await page
      .getByRole('heading', { name: 'Buses', level: 2 })
      // Just under the app's header, which stays at the top.
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
    await page.waitForTimeout(200);
    await shoot('campaign-board');
    await page.getByRole('button', { name: '1205', exact: true }).click();
    await page.getByRole('dialog', { name: 'Bus 1205' }).getByRole('table').waitFor({ timeout: WAIT });
    await page.waitForTimeout(400);
    await shoot('campaign-review');
    await context.close();
  }
}
