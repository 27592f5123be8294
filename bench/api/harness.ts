/**
 * What the API benchmarks share: child processes that print one `{"ready":…}` line, autocannon
 * runs, the bytes of an answer exactly as sent, a PostgreSQL database of their own, and the
 * benchmark server bundled like `npm start` runs it (decision 029).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { get as httpGet } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface Ready {
  ready: true;
  port: number;
}

export function start(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  command = tsx,
): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) resolve({ child, ready: JSON.parse(line) as Ready });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${String(code)}`)));
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface Measure {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
}

export interface BenchRequest {
  path: string;
  headers?: Record<string, string>;
}

/**
 * autocannon against `base`: one URL, or each connection cycling through `requests` in order
 * (one bus opened after another).
 */
export async function measure(
  url: string,
  headers: Record<string, string>,
  options: { durationS?: number; requests?: BenchRequest[] } = {},
): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: options.durationS ?? DURATION_S,
    headers,
    ...(options.requests
      ? { requests: options.requests.map((r) => ({ method: 'GET' as const, ...r })) }
      : {}),
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    bytesPerResponse:
      result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

/** The bytes exactly as sent (Node's fetch would decompress them). */
export function rawGet(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if ((res.statusCode ?? 0) >= 400) reject(new Error(`${url} answered ${String(res.statusCode)}`));
        else resolve(Buffer.concat(chunks));
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

export async function pgAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A database of the benchmark's own on the PostgreSQL server, dropped afterwards. */
export async function withPgDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `toolkit_bench_${String(Date.now())}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

const bundles = new Map<string, Promise<string>>();
/** bench/api/serve.ts bundled like the server (apps/server/scripts/bundle.mjs), once per run. */
export function bundledServe(name = 'serve'): Promise<string> {
  let bundled = bundles.get(name);
  if (!bundled) {
    bundled = import('../../apps/server/scripts/bundle.mjs').then(({ bundleServer }) =>
      bundleServer({
        entry: path.join(here, 'serve.ts'),
        outfile: path.join(root, `bench/.tmp/${name}/serve.mjs`),
      }),
    );
    bundles.set(name, bundled);
  }
  return bundled;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
