/**
 * npm run bench:api — throughput and latency of the hot read endpoints for an agency of 5,000
 * vehicles and ~15,000 devices, on PGlite and (when it answers) PostgreSQL, each beside a bare
 * node:http baseline serving the same bytes from memory. Writes bench/results/api-latest.{json,md}.
 */
import { tmpdir } from 'node:os';
import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GOALS, memory, signInFigures } from './figures.ts';
import {
  bundledServe,
  CONNECTIONS,
  DURATION_S,
  measure,
  pgAvailable,
  rawGet,
  root,
  start,
  stop,
  withPgDatabase,
} from './harness.ts';
import { machineInfo } from '../machine.ts';

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
  const machine = machineInfo();
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
