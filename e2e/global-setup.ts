import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_WEB_DIST lets a run use its own build (e.g. `vite build --outDir`) beside another's.
const webDist = process.env.E2E_WEB_DIST
  ? path.resolve(process.env.E2E_WEB_DIST)
  : path.join(repoRoot, 'apps/web/dist');
const READY = /Installer Toolkit is running at (http:\/\/\S+)/;
const START_TIMEOUT_MS = 90_000;

function waitForUrl(child: ChildProcess, output: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`The server did not start within ${String(START_TIMEOUT_MS)} ms:\n${output.join('')}`),
        ),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = READY.exec(output.join(''));
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`The server exited with code ${String(code)} before it was ready:\n${output.join('')}`),
      );
    });
  });
}

/** Starts the API server (built-in simulator) on a free port with a fresh data directory. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist}/index.html is missing: run "npm run build" before the end-to-end tests.`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'installer-e2e-'));
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SIMULATOR_CONTROL: '1',
      // Heartbeats change only when a test tells the simulator to, so counts can be compared exactly.
      SIMULATOR_STATUS_CHANGES: '0',
      LOG_LEVEL: 'warn',
      VPIC_BASE_URL: 'http://127.0.0.1:9/none',
      WEB_DIST_DIR: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let baseURL: string;
  try {
    baseURL = await waitForUrl(child, output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.E2E_BASE_URL = baseURL;
  // The server's data directory: specs read the mail outbox (DATA_DIR/mail-outbox) from it.
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000));
      if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
