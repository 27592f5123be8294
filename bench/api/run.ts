/**
 * npm run bench:api — throughput and latency of the hot read endpoints for an agency of 5,000
 * vehicles and ~15,000 devices, on PGlite and (when it answers) PostgreSQL, each beside a bare
 * node:http baseline serving the same bytes from memory. Writes bench/results/api-latest.{json,md}.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { cpus, totalmem, tmpdir } from 'node:os';
import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Ready {
  ready: true;
  port: number;
  token?: string;
  clientId?: number;
  vehicles?: number;
  devices?: number;
  mirrorMs?: number;
}

function start(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, args, {
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

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Measure {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Measure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
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
function rawGet(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function pgAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function withPgDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
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

async function benchDatabase(label: string, env: NodeJS.ProcessEnv) {
  console.log(`\n[${label}] starting the server and mirroring the benchmark agency...`);
  const { child, ready } = await start(['bench/api/serve.ts'], env);
  const { port, token = '', clientId = 0 } = ready;
  console.log(
    `[${label}] ${String(ready.vehicles)} vehicles, ${String(ready.devices)} devices mirrored in ${String(ready.mirrorMs)} ms`,
  );
  const auth = { authorization: `Bearer ${token}` };
  const br = { 'accept-encoding': 'br' };
  const endpoints = [
    { name: 'vehicle list', path: `/api/vehicles/client/${String(clientId)}`, headers: {} },
    { name: 'device list', path: `/api/devices/client/${String(clientId)}`, headers: {} },
    { name: 'vehicle list (br)', path: `/api/vehicles/client/${String(clientId)}`, headers: br },
    { name: 'device list (br)', path: `/api/devices/client/${String(clientId)}`, headers: br },
    { name: 'per-client counts', path: '/api/clients', headers: {} },
  ];
  const baselinePath = (e: (typeof endpoints)[number]) => `${e.path}?variant=${e.name.replace(/\W/g, '-')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'toolkit-baseline-'));
  const files: Record<string, { file: string; encoding: string | null }> = {};
  for (const e of endpoints) {
    const file = path.join(dir, `${e.name.replace(/\W/g, '-')}.bin`);
    writeFileSync(file, await rawGet(`http://127.0.0.1:${String(port)}${e.path}`, { ...auth, ...e.headers }));
    files[baselinePath(e)] = { file, encoding: 'accept-encoding' in e.headers ? 'br' : null };
  }
  const baseline = await start(['bench/api/baseline.ts', JSON.stringify(files)]);
  const rows = [];
  try {
    for (const e of endpoints) {
      const server = await measure(`http://127.0.0.1:${String(port)}${e.path}`, { ...auth, ...e.headers });
      const base = await measure(
        `http://127.0.0.1:${String(baseline.ready.port)}${baselinePath(e)}`,
        e.headers,
      );
      const ratio = Math.round((server.requestsPerSec / Math.max(base.requestsPerSec, 1)) * 100) / 100;
      console.log(
        `[${label}] ${e.name.padEnd(18)} ${String(server.requestsPerSec).padStart(6)} req/s p50 ${String(server.p50Ms)} ms p99 ${String(server.p99Ms)} ms | baseline ${String(base.requestsPerSec)} req/s | ratio ${String(ratio)}`,
      );
      rows.push({
        database: label,
        endpoint: e.name,
        path: e.path.replace(String(clientId), '{id}'),
        server,
        baseline: base,
        ratio,
      });
    }
  } finally {
    await stop(baseline.child);
    await stop(child);
  }
  return {
    database: label,
    vehicles: ready.vehicles,
    devices: ready.devices,
    mirrorMs: ready.mirrorMs,
    rows,
  };
}

async function main(): Promise<void> {
  const runs = [await benchDatabase('PGlite', {})];
  if (await pgAvailable())
    runs.push(await withPgDatabase((url) => benchDatabase('PostgreSQL', { BENCH_DATABASE_URL: url })));
  else console.log('\nPostgreSQL did not answer: only PGlite was measured.');
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: process.platform,
  };
  const report = {
    date: new Date().toISOString(),
    durationS: DURATION_S,
    connections: CONNECTIONS,
    machine,
    runs,
  };
  const out = path.join(root, 'bench/results');
  writeFileSync(path.join(out, 'api-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const md = [
    `# API benchmark (${report.date.slice(0, 10)})`,
    '',
    `autocannon, ${String(CONNECTIONS)} connections, ${String(DURATION_S)} s per endpoint; server and baseline each in their own process; client and servers share one machine.`,
    `Machine: ${String(machine.cpus)} × ${machine.cpuModel}, ${String(machine.memoryGiB)} GiB, Node ${machine.node}.`,
    '',
    '| Database | Endpoint | req/s | p50 ms | p99 ms | baseline req/s | ratio | bytes/response |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...runs.flatMap((r) =>
      r.rows.map(
        (x) =>
          `| ${r.database} | ${x.endpoint} \`${x.path}\` | ${String(x.server.requestsPerSec)} | ${String(x.server.p50Ms)} | ${String(x.server.p99Ms)} | ${String(x.baseline.requestsPerSec)} | ${String(x.ratio)} | ${String(x.server.bytesPerResponse)} |`,
      ),
    ),
    '',
    ...runs.map(
      (r) =>
        `${r.database}: ${String(r.vehicles)} vehicles and ${String(r.devices)} devices, first mirrored in ${String(r.mirrorMs)} ms.`,
    ),
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'api-latest.md'), md);
  console.log(`\nWrote bench/results/api-latest.json and api-latest.md`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
