/**
 * The benches' server in their own process (campaigns, shipments, the dashboard, open a bus): the
 * API and the built web app on a free port of 127.0.0.1; and a browser page signed in by token.
 */
import type { Page } from 'puppeteer-core';
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
