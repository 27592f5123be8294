/**
 * The benches' server in their own process (campaigns, shipments, the dashboard, open a bus): the
 * API and the built web app on a free port of 127.0.0.1; Chromium, and a page signed in by token.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
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

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium), launched as this machine needs. */
export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** The browser's name and version as a report names it ("Chrome/156.0…"). */
export async function chromiumName(browser: Browser): Promise<string> {
  return (await browser.version()).replace(/^HeadlessChrome\//, 'Chromium ');
}
