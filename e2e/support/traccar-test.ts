import type { APIRequestContext } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test as base } from '../fixtures.ts';
import { SERVER_READY, serverEnv, startProcess, type RunningProcess } from './server-process.ts';

/**
 * Specs against a Traccar platform (decision 033). The suite's own server (global-setup.ts) runs
 * the simulator; these tests get, once per worker and only when one of them runs, a Traccar
 * stand-in (`npm run traccar-standin`'s entry, seeded as in the README) and a second API server
 * with FLEET_PROVIDER=traccar pointed at it, each on a free port, stopped afterwards. `baseURL`
 * (and so `page` and `request`) points at that second server.
 */

/** The stand-in's seed (standin-seed.ts): the administrator's API token and an installer. */
export const STANDIN_ADMIN_TOKEN = 'standin-admin-token';
export const STANDIN_INSTALLER = {
  email: 'installer@standin.example',
  password: 'installer-password',
  name: 'Dana Installer',
} as const;

const STANDIN_READY = /Traccar stand-in \(API of Traccar [^)]+\) at (http:\/\/\S+)/;

export type TraccarPlatform = {
  /** The API server running with FLEET_PROVIDER=traccar. */
  serverUrl: string;
  /** The stand-in: Traccar's REST API under /api, test controls under /__standin. */
  standinUrl: string;
};

/** The fields of Traccar's Group and Device objects these tests read. */
export type TcGroup = { id: number; name: string; groupId: number };
export type TcDevice = { id: number; name: string; uniqueId: string; groupId: number; phone: string | null };

/** Reads the stand-in's REST API as its administrator (every tenant: `?all=true`). */
export async function traccarAdminGet<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url, {
    headers: { Authorization: `Bearer ${STANDIN_ADMIN_TOKEN}` },
    maxRetries: 2,
  });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

export const test = base.extend<object, { traccar: TraccarPlatform }>({
  traccar: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const standin = await startProcess(
        'apps/server/tools/traccar-standin/standin-cli.ts',
        { ...process.env, TRACCAR_STANDIN_PORT: '0' },
        STANDIN_READY,
      );
      const dataDir = mkdtempSync(path.join(tmpdir(), 'installer-e2e-traccar-'));
      let server: RunningProcess | undefined;
      try {
        server = await startProcess(
          'apps/server/src/server.ts',
          {
            ...serverEnv(dataDir),
            FLEET_PROVIDER: 'traccar',
            TRACCAR_URL: standin.url,
            TRACCAR_TOKEN: STANDIN_ADMIN_TOKEN,
          },
          SERVER_READY,
        );
        await use({ serverUrl: server.url, standinUrl: standin.url });
      } finally {
        await server?.stop();
        await standin.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // Two processes to start (tsx, PGlite's migrations) on a busy 2-core machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ traccar }, use) => {
    await use(traccar.serverUrl);
  },
});
