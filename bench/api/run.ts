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
import { GOALS, memory, signInFigures } from './figures.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Ready {
  ready: true;
  port: number;
}

function start(
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

let bundled: Promise<string> | null = null;
/** bench/api/serve.ts bundled like the server (apps/server/scripts/bundle.mjs), once per run. */
function bundledServe(): Promise<string> {
  bundled ??= import('../../apps/server/scripts/bundle.mjs').then(({ bundleServer }) =>
    bundleServer({
      entry: path.join(here, 'serve.ts'),
      outfile: path.join(root, 'bench/.tmp/serve/serve.mjs'),
    }),
  );
  return bundled;
}

async function benchDatabase(label: string, env: NodeJS.ProcessEnv) {
  console.log(`\n[${label}] starting the server; the first sign-in mirrors the benchmark agency...`);
  const fleet = await start(['bench/api/simulator.ts']);
  // The API server as `npm start` runs it: bundled, on plain node (decision 029).
  const { child, ready } = await start(
    [await bundledServe()],
    { ...env, BENCH_FLEET_URL: `http://127.0.0.1:${String(fleet.ready.port)}` },
    process.execPath,
  );
  const { port } = ready;
  const base = `http://127.0.0.1:${String(port)}`;
  const { token, bench, signIn } = await signInFigures(base);
  const clientId = bench.id;
  const loaded = await memory(base);
  console.log(
    `[${label}] first sign-in ${String(signIn.firstMs)} ms, lists ready after ${String(signIn.firstPullsLandedMs)} ms (${String(bench.vehicleCount)} vehicles, ${String(bench.deviceCount)} devices); ` +
      `${String(signIn.count)} sign-ins p50 ${String(signIn.p50Ms)} ms p95 ${String(signIn.p95Ms)} ms (goal ${String(GOALS.signInP95Ms)}); RSS ${String(loaded.rssMiB)} MiB`,
  );
  const auth = { authorization: `Bearer ${token}` };
  const br = { 'accept-encoding': 'br' };
  const endpoints = [
    { name: 'vehicle list', path: `/api/vehicles/client/${String(clientId)}`, headers: {} },
    { name: 'device list', path: `/api/devices/client/${String(clientId)}`, headers: {} },
    { name: 'vehicle list (br)', path: `/api/vehicles/client/${String(clientId)}`, headers: br },
    { name: 'device list (br)', path: `/api/devices/client/${String(clientId)}`, headers: br },
    { name: 'per-client counts', path: '/api/clients', headers: {} },
    { name: 'overview', path: `/api/clients/${String(clientId)}/overview`, headers: {} },
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
  }
  const after = await memory(base);
  await stop(child);
  await stop(fleet.child);
  const rss = {
    loadedMiB: loaded.rssMiB,
    afterBenchMiB: after.rssMiB,
    peakMiB: after.peakRssMiB,
    goalMiB: GOALS.rssMiB,
    ratio: Math.round((after.peakRssMiB / GOALS.rssMiB) * 100) / 100,
  };
  console.log(
    `[${label}] RSS loaded ${String(rss.loadedMiB)} MiB, after the runs ${String(rss.afterBenchMiB)} MiB, peak ${String(rss.peakMiB)} MiB (goal ${String(GOALS.rssMiB)})`,
  );
  return {
    database: label,
    vehicles: bench.vehicleCount,
    devices: bench.deviceCount,
    mirrorMs: signIn.firstPullsLandedMs,
    signIn,
    rss,
    rows,
  };
}

async function main(): Promise<void> {
  // BENCH_ONLY=PostgreSQL (or PGlite) measures one database only, for a quicker look.
  const only = process.env.BENCH_ONLY;
  const runs = only === 'PostgreSQL' ? [] : [await benchDatabase('PGlite', {})];
  if (only === 'PGlite') console.log('\nBENCH_ONLY=PGlite: PostgreSQL was not measured.');
  else if (await pgAvailable())
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
    `autocannon, ${String(CONNECTIONS)} connections, ${String(DURATION_S)} s per endpoint; server (bundled, on plain node: decision 029), baseline and fleet system (the simulator over HTTP) each in their own process; client and servers share one machine. RSS is the API server's alone.`,
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
        `${r.database}: ${String(r.vehicles)} vehicles and ${String(r.devices)} devices; the first sign-in answered in ${String(r.signIn.firstMs)} ms and the lists after ${String(r.mirrorMs)} ms (the first pulls).`,
    ),
    '',
    '## Goals (issue 17), each figure from this run',
    '',
    '| Database | Figure | measured | goal | ratio (measured / goal) |',
    '|---|---|---:|---:|---:|',
    ...runs.flatMap((r) => [
      `| ${r.database} | sign-in p95 (${String(r.signIn.count)} sign-ins, simulator latency 0) | ${String(r.signIn.p95Ms)} ms | ≤ ${String(GOALS.signInP95Ms)} ms | ${String(r.signIn.ratio)} |`,
      ...r.rows
        .filter((x) => x.endpoint === 'per-client counts' || x.endpoint === 'overview')
        .map(
          (x) =>
            `| ${r.database} | ${x.endpoint}: req/s ÷ bare node:http | ${String(x.ratio)} | ≥ 0.33 | ${String(Math.round((x.ratio / GOALS.readRatio) * 100) / 100)} |`,
        ),
      `| ${r.database} | server RSS, peak (loaded ${String(r.rss.loadedMiB)} MiB, after the runs ${String(r.rss.afterBenchMiB)} MiB) | ${String(r.rss.peakMiB)} MiB | ≤ ${String(GOALS.rssMiB)} MiB | ${String(r.rss.ratio)} |`,
    ]),
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'api-latest.md'), md);
  console.log(`\nWrote bench/results/api-latest.json and api-latest.md`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
