import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  SERVER_READY,
  serverEnv,
  startProcess,
  webDist,
  type RunningProcess,
} from './support/server-process.ts';

/** Starts the API server (built-in simulator) on a free port with a fresh data directory. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist}/index.html is missing: run "npm run build" before the end-to-end tests.`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'installer-e2e-'));
  let server: RunningProcess;
  try {
    server = await startProcess(
      'apps/server/src/server.ts',
      {
        ...serverEnv(dataDir),
        SIMULATOR_CONTROL: '1',
        // Heartbeats change only when a test tells the simulator to, so counts can be compared exactly.
        SIMULATOR_STATUS_CHANGES: '0',
      },
      SERVER_READY,
    );
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.E2E_BASE_URL = server.url;
  // The server's data directory: specs read the mail outbox (DATA_DIR/mail-outbox) from it.
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
