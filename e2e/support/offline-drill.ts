import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, LaunchOptions } from '@playwright/test';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { appTookOver, DEMO, expect, test as base, type Api, type Page } from '../fixtures.ts';
import { VALLEY } from './device-journey.ts';
import { fakeCameraArgs } from './fake-camera.ts';

/** What the app says of a write kept on the phone (lib/outbox/submit.ts). */
export const SAVED_OFFLINE = 'Saved on this device — will be sent when online';

type PhoneOptions = Pick<
  BrowserContextOptions,
  'baseURL' | 'viewport' | 'isMobile' | 'hasTouch' | 'userAgent' | 'deviceScaleFactor'
>;

/**
 * A phone's browser whose profile outlives its window: `open()` launches Chromium on one user-data
 * directory (IndexedDB, the service worker and its cache, localStorage), with the fake camera and
 * the service worker allowed (the app shell must load without signal). Closing and opening again
 * is closing the app and opening it later on the same phone.
 */
export const test = base.extend<{
  phone: { open: (options?: { offline?: boolean }) => Promise<Page>; close: () => Promise<void> };
}>({
  phone: async (
    { playwright, launchOptions, baseURL, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor },
    use,
  ) => {
    const userDataDir = mkdtempSync(path.join(tmpdir(), 'installer-drill-'));
    const phone: PhoneOptions = { baseURL, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor };
    const launch: LaunchOptions = {
      ...launchOptions,
      args: [...(launchOptions.args ?? []), ...fakeCameraArgs()],
    };
    let context: BrowserContext | null = null;
    const close = async () => {
      await context?.close();
      context = null;
    };
    await use({
      open: async ({ offline = false } = {}) => {
        await close();
        context = await playwright.chromium.launchPersistentContext(userDataDir, {
          ...launch,
          ...phone,
          offline,
          serviceWorkers: 'allow',
        });
        // The tour's completion marker, so the tour covers no screen.
        await context.addInitScript(() => localStorage.setItem('tourCompleted', 'true'));
        return context.pages()[0] ?? (await context.newPage());
      },
      close,
    });
    await close();
    rmSync(userDataDir, { recursive: true, force: true });
  },
});

/** Signs in as demo on the sign-in screen and picks the agency; the service worker has the app shell. */
export async function signInAndPick(page: Page, { remember }: { remember: boolean }): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await appTookOver(page);
  await page.getByLabel('Username or email').fill(DEMO.username);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('checkbox', { name: /Remember me on this device/ }).setChecked(remember);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: new RegExp(VALLEY) }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible({ timeout: 30_000 });
  // The app shell is cached by the service worker, for a reload or a start without signal.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** The header's button naming what waits ('7 waiting', '1 conflict to resolve'). */
export const outboxButton = (page: Page, label: string | RegExp) =>
  page.getByRole('banner').getByRole('button', { name: label });

/** The header's last control, the menu, is on the screen: the pending count did not push it off. */
export async function expectHeaderFits(page: Page): Promise<void> {
  const menu = await page.getByRole('banner').getByRole('button', { name: 'Menu' }).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(menu && menu.x + menu.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Opens the header's list of unsent changes and returns it. */
export async function openPending(page: Page, label: string | RegExp) {
  await outboxButton(page, label).click();
  const dialog = page.getByRole('dialog', { name: 'Waiting to be sent' });
  await expect(dialog).toBeVisible();
  return dialog.getByRole('list', { name: 'Unsent changes' });
}

/** Closes the list of unsent changes with its close button, as a thumb would. */
export async function closePending(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Waiting to be sent' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The write said it was kept, in the app's words for it, no notification or alert says it failed,
 * and the header counts `waiting` writes kept on the phone.
 */
export async function expectSavedNotFailed(page: Page, title: string, waiting: number): Promise<void> {
  // The toast (Radix also copies it into a live region for screen readers).
  const toast = page.getByRole('status').filter({ hasText: title }).filter({ hasText: SAVED_OFFLINE });
  await expect(toast.first()).toBeVisible();
  await expect(page.getByRole('region', { name: /^Notifications/ })).not.toContainText(
    /fail|could not|error|refused/i,
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(outboxButton(page, `${String(waiting)} waiting`)).toBeVisible();
}

/** Navigates in the app (no page load: without signal only the app's own links work). */
export async function goTo(page: Page, screen: 'Overview' | 'Vehicles' | 'Devices' | 'Support') {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen }).click();
  await expect(page.getByRole('heading', { name: screen, exact: true })).toBeVisible();
}

export async function clientIdOf(api: Api, token: string, agency: string): Promise<number> {
  const client = (await api.get<Client[]>('/api/clients', token)).find((c) => c.fullName === agency);
  if (!client) throw new Error(`${agency} is not among demo's clients`);
  return client.id;
}

/** The agency's vehicles on the server. */
export const vehiclesOf = (api: Api, token: string, clientId: number) =>
  api.get<Vehicle[]>(`/api/vehicles/client/${String(clientId)}`, token);
