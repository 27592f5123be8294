/**
 * npm run bench:traccar — a 5,000-device Traccar agency on the stand-in (issue 26): the first
 * pull and a refresh (time, memory), and a status change made in the stand-in until the
 * overview shows it, p95 against the goal of 5 s; then the firehose (issue 32: every unit
 * reporting every 10 s, traccar-firehose.ts). PGlite, or BENCH_DATABASE_URL. BENCH_ONLY=pull or
 * firehose measures one section (the other's figures are kept from the last run). Writes
 * bench/results/traccar-latest.{json,md}.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client, FleetOverview } from '@toolkit/contracts/clients.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import {
  STANDIN_ADMIN_TOKEN,
  STANDIN_PASSWORD,
  STANDIN_USERS,
} from '../../apps/server/tools/traccar-standin/standin-seed.ts';
import { TraccarStandin } from '../../apps/server/tools/traccar-standin/standin-server.ts';
import { firehoseFigures, type FirehoseFigures } from './traccar-firehose.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 5000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 20);
const GOAL_P95_MS = 5000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function pullFigures() {
  const standin = await new TraccarStandin({
    vehicles: [DEVICES / 2, 8, 3],
    devicesPerVehicle: 2,
    spares: 0,
  }).start();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolkit-traccar-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FLEET_PROVIDER: 'traccar',
    TRACCAR_URL: standin.url,
    TRACCAR_TOKEN: STANDIN_ADMIN_TOKEN,
  });
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? null,
    dataDir: path.join(dataDir, 'pglite'),
  });
  const { app, deps } = await buildApp({ config, database, background: true });
  await app.ready();
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  // Sign-in starts the first pull of the installer's agencies; it is timed from there.
  let started = performance.now();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: STANDIN_USERS.installer.email, password: STANDIN_PASSWORD },
  });
  const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  const clients = (await app.inject({ method: 'GET', url: '/api/clients', headers: auth })).json<Client[]>();
  const metro = clients.find((c) => c.name === 'Metro Transit');
  if (!metro) throw new Error('Metro Transit missing');

  await deps.mirror.syncFleet(metro.id);
  const firstPullMs = performance.now() - started;
  const rssAfterFirst = process.memoryUsage().rss;
  started = performance.now();
  await deps.mirror.syncFleet(metro.id);
  const refreshMs = performance.now() - started;
  const rssAfterRefresh = process.memoryUsage().rss;
  deps.mirror.touch(metro.id);

  const overview = async () =>
    (
      await app.inject({ method: 'GET', url: `/api/clients/${String(metro.id)}/overview`, headers: auth })
    ).json<FleetOverview>();
  const metroGroup = [...standin.state.groups.values()].find((g) => g.name === 'Metro Transit');
  const buses = new Set(
    [...standin.state.groups.values()].filter((g) => g.groupId === metroGroup?.id).map((g) => g.id),
  );
  const devices = [...standin.state.devices.values()].filter((d) => buses.has(d.groupId));
  while (standin.socketCount === 0) await new Promise((r) => setTimeout(r, 50));

  const latencies: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const device = devices[(i * 97) % devices.length];
    if (!device) break;
    const before = (await overview()).onlineDevices;
    const goingOnline = device.status !== 'online';
    const t0 = performance.now();
    standin.setStatus(device.uniqueId, goingOnline ? 'online' : 'offline');
    for (;;) {
      const now = (await overview()).onlineDevices;
      if (now === before + (goingOnline ? 1 : -1)) break;
      if (performance.now() - t0 > 20_000) throw new Error('status change never reached the overview');
      await new Promise((r) => setTimeout(r, 25));
    }
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const p = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? 0;
  const result = {
    when: new Date().toISOString(),
    database: database.kind,
    devices: devices.length,
    firstPullMs: Math.round(firstPullMs),
    refreshMs: Math.round(refreshMs),
    rssBeforeMb: mb(rssBefore),
    rssAfterFirstPullMb: mb(rssAfterFirst),
    rssAfterRefreshMb: mb(rssAfterRefresh),
    statusToOverview: {
      samples: latencies.length,
      p50Ms: Math.round(p(0.5)),
      p95Ms: Math.round(p(0.95)),
      goalP95Ms: GOAL_P95_MS,
    },
    pass: p(0.95) <= GOAL_P95_MS,
  };
  await app.close();
  await database.close();
  await standin.stop();
  return result;
}

type PullFigures = Awaited<ReturnType<typeof pullFigures>>;
type FirehoseRun = FirehoseFigures & { when: string };

function markdown(pull: PullFigures, firehose: FirehoseRun | undefined): string {
  const f = firehose;
  return [
    `# Traccar bench (${pull.when})`,
    '',
    `Stand-in agency of ${String(pull.devices)} devices, ${pull.database}.`,
    '',
    '| Measure | Value |',
    '|---|---|',
    `| first pull | ${String(pull.firstPullMs)} ms |`,
    `| refresh | ${String(pull.refreshMs)} ms |`,
    `| RSS before / after first pull / after refresh | ${String(pull.rssBeforeMb)} / ${String(pull.rssAfterFirstPullMb)} / ${String(pull.rssAfterRefreshMb)} MB |`,
    `| status change to overview p50 / p95 (${String(pull.statusToOverview.samples)} changes) | ${String(pull.statusToOverview.p50Ms)} / ${String(pull.statusToOverview.p95Ms)} ms (goal p95 ≤ ${String(GOAL_P95_MS)} ms: ${pull.pass ? 'met' : 'NOT met'}) |`,
    '',
    ...(f
      ? [
          `## Firehose (${f.when})`,
          '',
          `${String(f.devices)} units of one agency each reporting every ${String(f.reportSeconds)} s over the socket (a \`devices\` and a \`positions\` message per report; 1 % of turns a status change), measured over ${String(f.windowSeconds)} s after ${String(f.warmupSeconds)} s of warm-up; the stand-in in a process of its own, ${f.database} in the toolkit's.`,
          '',
          '| Measure | Value |',
          '|---|---|',
          `| server-wide list reads (\`GET /api/devices?all=true\`) | ${String(f.listReadsPerMinute)} a minute (goal ≤ ${String(f.goals.listReadsPerMinute)}: ${f.listReadsPerMinute <= f.goals.listReadsPerMinute ? 'met' : 'NOT met'}) |`,
          `| toolkit CPU (its process, PGlite included) | ${String(f.toolkitCpuPercentOfCore)} % of one core |`,
          `| stand-in CPU (its own process) | ${String(f.standinCpuPercentOfCore)} % of one core |`,
          `| status change to app p50 / p95 / max (${String(f.statusToApp.samples)} of ${String(f.statusChangesInWindow)} changes followed, ${String(f.statusToApp.missed)} missed) | ${String(f.statusToApp.p50Ms)} / ${String(f.statusToApp.p95Ms)} / ${String(f.statusToApp.maxMs)} ms (goal p95 ≤ ${String(f.goals.statusP95Ms)} ms: ${f.statusToApp.p95Ms <= f.goals.statusP95Ms ? 'met' : 'NOT met'}) |`,
          `| toolkit RSS at the end | ${String(f.rssMb)} MB |`,
          '',
          'A status change is followed through `GET /api/devices/vehicle/:id` every 100 ms (the overview is built from the same rows at the same revision).',
          '',
        ]
      : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const file = path.join(root, 'bench/results/traccar-latest.json');
  const only = process.env.BENCH_ONLY;
  const previous = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as PullFigures & { firehose?: FirehoseRun })
    : null;
  const pull = only === 'firehose' && previous ? previous : await pullFigures();
  const firehose: FirehoseRun | undefined =
    only === 'pull' ? previous?.firehose : { ...(await firehoseFigures()), when: new Date().toISOString() };
  const result = {
    ...pull,
    pass: pull.statusToOverview.p95Ms <= GOAL_P95_MS,
    ...(firehose ? { firehose } : {}),
  };
  const md = markdown(pull, firehose);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(path.join(root, 'bench/results/traccar-latest.md'), md);
  console.log(md);
  process.exit(result.pass && (firehose?.pass ?? true) ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
