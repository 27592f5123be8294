/**
 * The benches' server in their own process (campaigns, shipments, the dashboard, open a bus): the
 * API and the built web app on a free port of 127.0.0.1; Chromium, and a page signed in by token.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_HEADLESS_SHELL } from '../e2e/support/browsers.ts';
import { buildApp } from '../apps/server/src/app.ts';

export async function listenInProcess(options: Parameters<typeof buildApp>[0]) {
  const built = await buildApp(options);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...built, base: `http://127.0.0.1:${String(port)}` };
}

/** The page signed in with `token` (remembered) on agency `clientId`, the tour done, as the app keeps it. */
export async function signInPage(page: Page, base: string, token: string, clientId: number): Promise<void> {
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    (t: string, id: number) => {
      localStorage.setItem('token', t);
      localStorage.setItem('rememberMe', 'true');
      localStorage.setItem('selectedClientId', String(id));
      localStorage.setItem('tourCompleted', 'true');
    },
    token,
    clientId,
  );
}

/** Debian's Chromium, the browser a person runs. */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * The dashboard bench's browser: `CHROMIUM_PATH` if set, else Chromium's headless shell when
 * installed (as the e2e suite, decision 058), else Chromium. Full Chromium in headless mode still
 * runs the desktop browser's own pages: each new window starts two "WebUI Top Renderer" processes
 * (the address bar's popup, chrome://omnibox-popup.top-chrome) that spent about 3 s of CPU each
 * during one dashboard visit, on a machine of two cores, so the bench measured them as much as the
 * app (decision 060). The shell is the same engine (Blink, V8, the network stack, CPU throttling).
 */
export const SHELL_OR_CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync(CHROMIUM_HEADLESS_SHELL) ? CHROMIUM_HEADLESS_SHELL : FULL_CHROMIUM);

/** Headless Chromium at `executablePath`, launched as this machine needs. */
export function launchChromium(executablePath: string): Promise<Browser> {
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** The browser's name and version as a report names it ("Chrome/156.0…"). */
export async function chromiumName(browser: Browser): Promise<string> {
  const name = (await browser.version()).replace(/^HeadlessChrome\//, 'Chromium ');
  return browser.process()?.spawnfile.endsWith('headless-shell') ? `${name} (headless shell)` : name;
}
