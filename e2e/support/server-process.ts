import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// E2E_WEB_DIST lets a run use its own build (e.g. `vite build --outDir`) beside another's.
export const webDist = process.env.E2E_WEB_DIST
  ? path.resolve(process.env.E2E_WEB_DIST)
  : path.join(repoRoot, 'apps/web/dist');
/** The line the API server prints once it listens. */
export const SERVER_READY = /Installer Toolkit is running at (http:\/\/\S+)/;
const START_TIMEOUT_MS = 90_000;

/** The API server's environment in the tests: a free port, this data directory, quiet logs. */
export function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    VPIC_BASE_URL: 'http://127.0.0.1:9/none',
    WEB_DIST_DIR: webDist,
  };
}

function waitForUrl(child: ChildProcess, ready: RegExp, output: string[]): Promise<string> {
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
      const match = ready.exec(output.join(''));
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

export interface RunningProcess {
  /** The address the process printed when it was ready. */
  url: string;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop: () => Promise<void>;
}

/**
 * Runs a TypeScript entry of the repository with tsx and waits until it prints `ready`, whose
 * first group is its address.
 */
export async function startProcess(
  entry: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<RunningProcess> {
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), [entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000));
    if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
  };
  try {
    return { url: await waitForUrl(child, ready, []), stop };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}
