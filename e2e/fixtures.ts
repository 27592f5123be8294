import axe from 'axe-core';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import type { LoginInput, LoginResponse } from '@toolkit/contracts/auth.ts';
import { STORAGE_KEYS } from '@toolkit/contracts/constants.ts';

export { expect };
export type { Page };

export const DEMO = { username: 'demo', password: 'demo-password', name: 'Dana Installer' } as const;
export const RIVAL = { username: 'rival', password: 'demo-password' } as const;
export const NEWCOMER = { username: 'newcomer', password: 'demo-password' } as const;

/** axe-core's script, put into a document once (it stays until the page navigates). */
const AXE_SOURCE = axe.source;
const A11Y_TAGS = ['wcag2a', 'wcag2aa'];

/**
 * Fails on each WCAG 2 A/AA violation of the page as it is now. axe runs in the page itself, put
 * there once per document: @axe-core/playwright would inject its 560 KB again on every scan and
 * open a blank page to finish each one, about a second of a 2-core machine per scan. The app has
 * no frames, which is what that blank page is for.
 */
export async function expectAccessible(page: Page): Promise<void> {
  type Violation = { id: string; impact?: string | null; help: string; targets: string[] };
  const scan = (tags: string[]): Promise<Violation[]> | null => {
    const inPage = (window as unknown as { axe?: typeof axe }).axe;
    if (!inPage) return null;
    return inPage
      .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      .then((results) =>
        results.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        })),
      );
  };
  let violations = await page.evaluate(scan, A11Y_TAGS);
  // Not yet in this document (a new page, or one that navigated since the last scan).
  for (let tries = 0; violations === null && tries < 3; tries++) {
    await page.evaluate(AXE_SOURCE);
    violations = await page.evaluate(scan, A11Y_TAGS);
  }
  if (violations === null) throw new Error(`axe could not be put into ${page.url()}`);
  const summary = violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.targets.join('\n  ')}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** The server's own answers, to compare the screens with. */
export class Api {
  constructor(private readonly request: APIRequestContext) {}

  async login(user: Pick<LoginInput, 'username' | 'password'>, rememberMe = true): Promise<string> {
    // Signing in asks the fleet platform and pulls the agency's first mirror: slow on a busy machine.
    const res = await this.request.post('/api/auth/login', {
      data: { ...user, rememberMe },
      timeout: 30_000,
    });
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as LoginResponse;
    return body.token;
  }

  async get<T>(path: string, token: string): Promise<T> {
    // A GET is safe to repeat: a kept-alive connection the server closed as it was reused
    // (ECONNRESET, the server's keep-alive timeout) is retried, as browsers do.
    const res = await this.request.get(path, {
      headers: { Authorization: `Bearer ${token}` },
      maxRetries: 2,
    });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  }

  async logout(token: string): Promise<void> {
    const res = await this.request.post('/api/auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(204);
  }
}

/**
 * The page's sign-in form is held by the entry (Sign in enabled): from here a press on Sign in is
 * sent, once the app runs if it does not yet (decision 034). What is typed at any moment is kept (the
 * app hydrates the page's own fields); typing before the app runs is tested on its own
 * (typing-while-loading.spec.ts).
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled({ timeout: 30_000 });
}

/** A toast's title (Radix also copies it into a live region for screen readers). */
export const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

/**
 * Closes the notifications on screen, as an installer does when one sits over the form they are on.
 * Needed before a tap on a control a toast may cover: the tap lands on the toast, and a pointer over
 * it pauses its 5 s (Radix), so it would never go by itself. One that goes meanwhile is fine.
 */
export async function closeToasts(page: Page): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
}

/** Picks an agency on /clients by (part of) its name; the app opens its Fleet Overview. */
export async function selectAgency(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible();
}

/** Tells the built-in fleet simulator what to do next (SIMULATOR_CONTROL=1, see global-setup.ts). */
export async function simulatorControl(page: Page, path: string, data: unknown): Promise<void> {
  // Each control sets a state (an outage on or off, a device's vehicle), so repeating one is safe:
  // a kept-alive connection the server closed as it was reused (ECONNRESET) is retried.
  const res = await page.request.post(`/api/__simulator/${path}`, { data, maxRetries: 2 });
  expect(res.status(), await res.text()).toBe(200);
}

/** Keeps the latest JSON body the app itself received for a path ending in `suffix`. */
export function watchResponses<T>(
  page: Page,
  suffix: string,
  parse: (body: unknown) => T,
): { latest: () => T | undefined } {
  let latest: T | undefined;
  page.on('response', (res) => {
    if (res.request().method() !== 'GET' || !res.ok() || !new URL(res.url()).pathname.endsWith(suffix))
      return;
    res.json().then(
      (body: unknown) => {
        latest = parse(body);
      },
      () => undefined,
    );
  });
  return { latest: () => latest };
}

/** Puts a token where the app keeps a remembered sign-in (§4), then opens `path`. */
export async function openSignedIn(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(
    ({ t, keys }) => {
      localStorage.setItem(keys.token, t);
      localStorage.setItem(keys.rememberMe, 'true');
      sessionStorage.setItem(keys.token, t);
    },
    { t: token, keys: STORAGE_KEYS },
  );
  await page.goto(path);
}

export async function storageSnapshot(page: Page) {
  return page.evaluate((keys) => {
    const pick = (s: Storage) => ({
      token: s.getItem(keys.token),
      selectedClientId: s.getItem(keys.selectedClientId),
      rememberMe: s.getItem(keys.rememberMe),
    });
    return { local: pick(localStorage), session: pick(sessionStorage) };
  }, STORAGE_KEYS);
}

type Fixtures = {
  /** Let the guided tour open by itself (§4); off by default so that it covers no other screen. */
  autoTour: boolean;
  api: Api;
  /** A demo token of this test's own, for tests that end the session. */
  freshDemoToken: string;
  /** A page already signed in as demo (shared token) on /clients. */
  signedInPage: Page;
  /** Scans the last page a test leaves open, so no screen goes unchecked. */
  finalA11yScan: undefined;
};

type WorkerFixtures = {
  /** One demo sign-in per worker: signing in is deliberately slow (password hashing). */
  demoToken: string;
};

function serverUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: global-setup.ts did not run');
  return url;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // global-setup.ts started the server and published its address.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(serverUrl());
  },
  autoTour: [false, { option: true }],
  page: async ({ page, autoTour }, use) => {
    // The tour's completion marker, set before any page script runs unless a spec opts out.
    if (!autoTour) await page.addInitScript(() => localStorage.setItem('tourCompleted', 'true'));
    await use(page);
  },
  api: async ({ request }, use) => {
    await use(new Api(request));
  },
  demoToken: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: serverUrl() });
      await use(await new Api(request).login(DEMO));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  freshDemoToken: async ({ api }, use) => {
    await use(await api.login(DEMO));
  },
  signedInPage: async ({ page, demoToken }, use) => {
    await openSignedIn(page, demoToken, '/clients');
    await expect(page.getByRole('heading', { name: 'Select Client' })).toBeVisible();
    await use(page);
  },
  finalA11yScan: [
    async ({ page }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus && page.url().startsWith('http')) {
        await page.waitForLoadState('domcontentloaded');
        await expectAccessible(page);
      }
    },
    { auto: true },
  ],
});
