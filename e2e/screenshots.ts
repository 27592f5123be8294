/**
 * Screenshots of every screen at 360 and 390 px wide, light and dark, into docs/screens/, so a
 * reader sees the product without running it. Run with `npm run screens` (builds the web app, then
 * starts the server exactly as the end-to-end tests do: built-in simulator, fresh data directory).
 * E2E_WEB_DIST points it at another build, like the tests. The install-campaign screens
 * (screenshots-campaigns.ts) add the supervisor's board and review at 1280 px. SCREENS_ONLY=campaign
 * (names or name prefixes, comma-separated) takes only those shots and leaves the other files alone.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import { STORAGE_KEYS } from '@toolkit/contracts/constants.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import globalSetup from './global-setup.ts';
import { captureWide, installerShots, seedCampaign } from './screenshots-campaigns.ts';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screens');
const AGENCY = 'Valley Vista Transit';
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;
/** SCREENS_ONLY: the shots to take (a name or its start); unset, every one. */
const ONLY = process.env.SCREENS_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const wanted = (name: string) => !ONLY?.length || ONLY.some((prefix) => name.startsWith(prefix));
const CAMPAIGN_SHOTS = [
  'campaign-list',
  'campaign-my-buses',
  'campaign-bus',
  'campaign-dashboard',
  'campaign-board',
  'campaign-review',
];

type Shot = { name: string; path: string; ready: (page: Page) => Promise<void> };

async function json<T>(base: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(url, base), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${url}: ${String(res.status)} ${await res.text()}`);
  return (await res.json()) as T;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 30_000 });
};

function shots(device: Device, vehicle: Vehicle): Shot[] {
  return [
    { name: 'clients', path: '/clients', ready: heading('Select Client') },
    {
      name: 'overview',
      path: '/overview',
      ready: async (page) => {
        await heading('Fleet Overview')(page);
        await page.getByRole('link', { name: /^Total Devices / }).waitFor({ timeout: 30_000 });
      },
    },
    {
      name: 'vehicles',
      path: '/vehicles',
      ready: async (page) => {
        await page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem').first().waitFor();
      },
    },
    {
      name: 'vehicle-expanded',
      path: '/vehicles',
      ready: async (page) => {
        await page.getByRole('searchbox', { name: 'Search vehicles' }).fill(vehicle.vehicleId);
        const row = page
          .getByRole('list', { name: 'Vehicles' })
          .getByRole('button', { name: new RegExp(`^${vehicle.vehicleId} `) });
        await row.click();
        await page.getByRole('heading', { name: /Connected devices/ }).waitFor();
        await page.getByRole('list', { name: `Devices on ${vehicle.vehicleId}` }).waitFor();
      },
    },
    {
      name: 'devices',
      path: '/devices',
      ready: async (page) => {
        await page.getByRole('list', { name: 'Devices' }).getByRole('listitem').first().waitFor();
      },
    },
    {
      name: 'device-expanded',
      path: `/devices?deviceId=${encodeURIComponent(device.deviceId)}`,
      ready: async (page) => {
        await page.getByRole('heading', { name: 'Metadata' }).waitFor({ timeout: 30_000 });
      },
    },
    {
      name: 'device-detail',
      path: `/devices/${encodeURIComponent(device.deviceId)}`,
      ready: async (page) => {
        await page.getByRole('heading', { name: 'Identifiers' }).waitFor({ timeout: 30_000 });
      },
    },
    { name: 'reports', path: '/reports', ready: heading('Reports') },
    { name: 'support', path: '/support', ready: heading(/Support/) },
    { name: 'dashboard', path: '/dashboard', ready: heading(/./) },
    {
      name: 'dashboard-vehicle',
      path: `/dashboard?vehicleId=${String(vehicle.id)}`,
      ready: async (page) => {
        await page.getByText(`Vehicle ${vehicle.vehicleId}`, { exact: true }).waitFor({ timeout: 30_000 });
      },
    },
    {
      name: 'installation',
      path: `/vehicle/${String(vehicle.id)}/installation`,
      ready: heading(`Installation: ${vehicle.vehicleId}`),
    },
    { name: 'not-found', path: '/no-such-page', ready: heading('Page Not Found') },
  ];
}

async function capture(
  browser: Browser,
  base: string,
  token: string,
  clientId: number,
  all: Shot[],
  withLogin = true,
) {
  const list = all.filter((shot) => wanted(shot.name));
  const login = withLogin && wanted('login');
  if (list.length === 0 && !login) return;
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of SCHEMES) {
      const suffix = `${String(viewport.width)}-${colorScheme}`;
      const context = await browser.newContext({
        baseURL: base,
        viewport,
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        colorScheme,
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
      });
      // A shared, busy machine can take a while to serve the first load of the app.
      context.setDefaultNavigationTimeout(90_000);
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Username or email').waitFor();
      if (login) await page.screenshot({ path: path.join(OUT, `login-${suffix}.png`) });
      await page.evaluate(
        ({ t, id, keys }) => {
          localStorage.setItem(keys.token, t);
          localStorage.setItem(keys.rememberMe, 'true');
          // The guided tour opens 1 s after a load until it is done: it would cover a slow screen.
          localStorage.setItem('tourCompleted', 'true');
          sessionStorage.setItem(keys.token, t);
          localStorage.setItem(keys.selectedClientId, id);
          sessionStorage.setItem(keys.selectedClientId, id);
        },
        { t: token, id: String(clientId), keys: STORAGE_KEYS },
      );
      for (const shot of list) {
        await page.goto(shot.path);
        await shot.ready(page);
        // Let fonts, icons and the last answers settle.
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(OUT, `${shot.name}-${suffix}.png`) });
        process.stdout.write(`${shot.name}-${suffix}.png\n`);
      }
      await context.close();
    }
  }
}

async function main(): Promise<void> {
  // Only a run of every shot starts from an empty folder.
  if (!ONLY?.length) rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const teardown = await globalSetup();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const base = process.env.E2E_BASE_URL;
    if (!base) throw new Error('the server did not publish its address');
    const { token } = await json<LoginResponse>(base, '/api/auth/login', undefined, {
      username: 'demo',
      password: 'demo-password',
      rememberMe: true,
    });
    const clients = await json<Client[]>(base, '/api/clients', token);
    const client = clients.find((c) => c.fullName === AGENCY);
    if (!client) throw new Error(`${AGENCY} is not among demo's clients`);
    const [devices, vehicles] = await Promise.all([
      json<Device[]>(base, `/api/devices/client/${String(client.id)}`, token),
      json<Vehicle[]>(base, `/api/vehicles/client/${String(client.id)}`, token),
    ]);
    const device = devices.find((d) => d.type === 'Tablet' && d.vehicleId !== null) ?? devices[0];
    const vehicle = vehicles.find((v) => v.id === device?.vehicleId) ?? vehicles[0];
    if (!device || !vehicle) throw new Error('the agency has no devices or vehicles');
    await capture(browser, base, token, client.id, shots(device, vehicle));
    if (CAMPAIGN_SHOTS.some(wanted)) {
      const seed = await seedCampaign(base, token);
      await capture(browser, base, token, seed.clientId, installerShots(seed), false);
      await captureWide(browser, base, seed, OUT, wanted);
    }
  } finally {
    await browser.close();
    await teardown();
  }
  const files = readdirSync(OUT);
  const bytes = files.reduce((sum, f) => sum + statSync(path.join(OUT, f)).size, 0);
  process.stdout.write(
    `${String(files.length)} screenshots, ${(bytes / 1024 / 1024).toFixed(1)} MB in docs/screens/\n`,
  );
}

await main();
