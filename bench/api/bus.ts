/**
 * npm run bench:bus — a bus's own reads (issue 36): what the workspace and the installation screen
 * ask when a bus opens, each beside bare node:http serving the same bytes from memory, then "open a
 * bus" as a whole (every read at once, as the app asks them). The 5,000-bus agency of bench:api
 * (BENCH_BUSES), one of its buses given notes, photos and log entries first. On PGlite and (when
 * it answers) PostgreSQL; BENCH_ONLY=PGlite or PostgreSQL measures one. Writes
 * bench/results/bus-latest.{json,md}.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  bundledServe,
  CONNECTIONS,
  measure,
  pgAvailable,
  rawGet,
  root,
  round2,
  start,
  stop,
  withPgDatabase,
  type Measure,
} from './harness.ts';
import { machineInfo } from '../machine.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const OPENS = Number(process.env.BENCH_OPENS ?? 40);
/** A 1×1 JPEG. */
const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

async function api(base: string, method: 'GET' | 'POST', url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`${method} ${url} answered ${String(res.status)}`);
  return (await res.json()) as unknown;
}

/** Signs in, waits for the benchmark agency's first pull, and gives one of its buses a record. */
async function prepareBus(base: string): Promise<{ token: string; vehicleId: number; clientId: number }> {
  const login = (await api(base, 'POST', '/api/auth/login', null, {
    username: 'demo',
    password: 'demo-password',
  })) as { token: string };
  const { token } = login;
  const clients = (await api(base, 'GET', '/api/clients', token)) as { id: number; name: string }[];
  const bench = clients.find((c) => c.name.startsWith('BENCH'));
  if (!bench) throw new Error('benchmark agency missing');
  const vehicles = (await api(base, 'GET', `/api/vehicles/client/${String(bench.id)}`, token)) as {
    id: number;
    deviceCount: number;
  }[];
  const withDevices = vehicles.filter((v) => v.deviceCount >= 3);
  const bus = withDevices[Math.floor(withDevices.length / 2)] ?? vehicles[0];
  if (!bus) throw new Error('no bus');
  // A bus in the middle of its installation: notes, photos, log entries.
  for (let i = 0; i < 6; i += 1)
    await api(base, 'POST', '/api/notes', token, {
      vehicleId: bus.id,
      noteType: i % 2 ? 'general' : 'issue',
      content: `Note ${String(i + 1)}: harness routed behind the driver's panel, checked the ground strap.`,
    });
  for (let i = 0; i < 4; i += 1)
    await api(base, 'POST', '/api/photos', token, {
      vehicleId: bus.id,
      photoData: JPEG,
      thumbnailData: JPEG,
      photoType: i === 0 ? 'before' : 'device',
      description: `Photo ${String(i + 1)}`,
    });
  for (let i = 0; i < 8; i += 1)
    await api(base, 'POST', '/api/logs', token, {
      vehicleId: bus.id,
      action: 'Checked',
      details: `Step ${String(i + 1)} of the installation checklist`,
    });
  return { token, vehicleId: bus.id, clientId: bench.id };
}

/** The reads a bus's opening makes (workspace and installation screen), by the web's api modules. */
function busReads(vehicleId: number) {
  const id = String(vehicleId);
  return [
    { name: 'vehicle', path: `/api/vehicles/${id}` },
    { name: "vehicle's devices", path: `/api/devices/vehicle/${id}` },
    { name: 'notes', path: `/api/notes/vehicle/${id}` },
    { name: 'photos', path: `/api/photos/vehicle/${id}` },
    { name: 'installation log', path: `/api/logs?vehicleId=${id}` },
    { name: 'configuration tests', path: `/api/config/test/vehicle/${id}` },
    { name: 'upload states', path: `/api/navigator-uploads/vehicle/${id}` },
  ];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
};

/** One phone opening the bus OPENS times: every read at once, timed until the last answer. */
async function oneOpen(base: string, paths: string[], headers: Record<string, string>) {
  const times: number[] = [];
  for (let i = 0; i < OPENS; i += 1) {
    const started = performance.now();
    await Promise.all(
      paths.map(async (p) => {
        const res = await fetch(`${base}${p}`, { headers });
        if (res.status !== 200) throw new Error(`${p} answered ${String(res.status)}`);
        await res.arrayBuffer();
      }),
    );
    times.push(performance.now() - started);
  }
  return { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}

/**
 * bare node:http half before and half after the server's run, so a change in the machine's load
 * (other jobs share it) weighs on both sides alike; its req/s is the mean of the two halves.
 */
async function besideBare(
  server: () => Promise<Measure>,
  bare: (durationS: number) => Promise<Measure>,
): Promise<{ server: Measure; bare: Measure }> {
  const before = await bare(DURATION_S / 2);
  const measured = await server();
  const after = await bare(DURATION_S / 2);
  const mean = (a: number, b: number) => Math.round((a + b) / 2);
  return {
    server: measured,
    bare: {
      requestsPerSec: mean(before.requestsPerSec, after.requestsPerSec),
      p50Ms: mean(before.p50Ms, after.p50Ms),
      p99Ms: mean(before.p99Ms, after.p99Ms),
      errors: before.errors + after.errors,
      non2xx: before.non2xx + after.non2xx,
      bytesPerResponse: before.bytesPerResponse,
    },
  };
}

interface Row {
  endpoint: string;
  path: string;
  server: Measure;
  baseline: Measure;
  ratio: number;
}

async function benchDatabase(label: string, env: NodeJS.ProcessEnv) {
  console.log(`\n[${label}] starting the server; the first sign-in mirrors the benchmark agency...`);
  const fleet = await start(['bench/api/simulator.ts']);
  const { child, ready } = await start(
    [await bundledServe('serve-bus')],
    { ...env, BENCH_FLEET_URL: `http://127.0.0.1:${String(fleet.ready.port)}` },
    process.execPath,
  );
  const base = `http://127.0.0.1:${String(ready.port)}`;
  const started = Date.now();
  const { token, vehicleId } = await prepareBus(base);
  console.log(
    `[${label}] agency mirrored and bus ${String(vehicleId)} prepared in ${String(Date.now() - started)} ms`,
  );
  const auth = { authorization: `Bearer ${token}` };
  const reads = busReads(vehicleId);
  // For reference: the hot read of decision 028 (no query, bytes from memory), this server's floor.
  const measured = [...reads, { name: "reference: the user's agencies", path: '/api/clients' }];
  const dir = mkdtempSync(path.join(tmpdir(), 'toolkit-bus-baseline-'));
  const files: Record<string, { file: string; encoding: null }> = {};
  for (const r of measured) {
    const file = path.join(dir, `${r.name.replace(/\W/g, '-')}.json`);
    writeFileSync(file, await rawGet(`${base}${r.path}`, auth));
    files[r.path] = { file, encoding: null };
  }
  const baseline = await start(['bench/api/baseline.ts', JSON.stringify(files)]);
  const baseUrl = `http://127.0.0.1:${String(baseline.ready.port)}`;
  const rows: Row[] = [];
  const load = { before: loadavg().map(round2), after: [0, 0, 0] };
  let open;
  try {
    // Warm-up, not recorded: the first run after the mirror met the database still settling
    // (autovacuum after 15,000 inserts) and a cold JIT.
    await measure(`${base}${reads[0]?.path ?? ''}`, auth, {
      durationS: 3,
      requests: reads.map((r) => ({ path: r.path })),
    });
    for (const r of measured) {
      const { server, bare } = await besideBare(
        () => measure(`${base}${r.path}`, auth, { durationS: DURATION_S }),
        (durationS) => measure(`${baseUrl}${r.path}`, {}, { durationS }),
      );
      const ratio = round2(server.requestsPerSec / Math.max(bare.requestsPerSec, 1));
      console.log(
        `[${label}] ${r.name.padEnd(24)} ${String(server.requestsPerSec).padStart(6)} req/s p50 ${String(server.p50Ms)} ms p99 ${String(server.p99Ms)} ms | bare ${String(bare.requestsPerSec)} req/s | ratio ${String(ratio)}${server.non2xx + server.errors > 0 ? ` | ${String(server.non2xx)} non-2xx, ${String(server.errors)} errors` : ''}`,
      );
      rows.push({
        endpoint: r.name,
        path: r.path.replace(String(vehicleId), '{id}'),
        server,
        baseline: bare,
        ratio,
      });
    }
    // Open a bus: many phones, each connection asking the reads one after another, over and over.
    const requests = reads.map((r) => ({ path: r.path }));
    const mix = await besideBare(
      () => measure(`${base}${reads[0]?.path ?? ''}`, auth, { durationS: DURATION_S, requests }),
      (durationS) => measure(`${baseUrl}${reads[0]?.path ?? ''}`, {}, { durationS, requests }),
    );
    const mixServer = mix.server;
    const mixBare = mix.bare;
    const paths = reads.map((r) => r.path);
    const single = await oneOpen(base, paths, auth);
    const singleBare = await oneOpen(baseUrl, paths, {});
    open = {
      reads: reads.length,
      opensPerSec: round2(mixServer.requestsPerSec / reads.length),
      bareOpensPerSec: round2(mixBare.requestsPerSec / reads.length),
      ratio: round2(mixServer.requestsPerSec / Math.max(mixBare.requestsPerSec, 1)),
      non2xx: mixServer.non2xx + mixServer.errors,
      one: single,
      oneBare: singleBare,
    };
    console.log(
      `[${label}] open a bus (${String(reads.length)} reads): ${String(open.opensPerSec)} opens/s under ${String(CONNECTIONS)} connections (bare ${String(open.bareOpensPerSec)}, ratio ${String(open.ratio)}); one phone alone p50 ${String(single.p50Ms)} ms p95 ${String(single.p95Ms)} ms (bare ${String(singleBare.p50Ms)} / ${String(singleBare.p95Ms)} ms)`,
    );
  } finally {
    load.after = loadavg().map(round2);
    await stop(baseline.child);
    await stop(child);
    await stop(fleet.child);
  }
  return { database: label, vehicleId, rows, open, load };
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  const runs = only === 'PostgreSQL' ? [] : [await benchDatabase('PGlite', {})];
  if (only !== 'PGlite') {
    if (await pgAvailable())
      runs.push(await withPgDatabase((url) => benchDatabase('PostgreSQL', { BENCH_DATABASE_URL: url })));
    else console.log('\nPostgreSQL did not answer: only PGlite was measured.');
  }
  const machine = machineInfo();
  const report = {
    date: new Date().toISOString(),
    durationS: DURATION_S,
    connections: CONNECTIONS,
    machine,
    runs,
  };
  const out = path.join(root, 'bench/results');
  writeFileSync(path.join(out, 'bus-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const md = [
    `# A bus's reads (${report.date.slice(0, 10)})`,
    '',
    `autocannon, ${String(CONNECTIONS)} connections, ${String(DURATION_S)} s per endpoint, beside bare node:http serving the same bytes (half before, half after; goal, issue 36: each ≥ 0.25); server (bundled, on plain node), baseline and fleet system each in their own process, on one machine with whatever else runs on it (load averages below).`,
    `Machine: ${String(machine.cpus)} × ${machine.cpuModel}, ${String(machine.memoryGiB)} GiB, Node ${machine.node}.`,
    '',
    '| Database | Endpoint | req/s | p50 ms | p99 ms | bare req/s | ratio | bytes/response |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...runs.flatMap((r) =>
      r.rows.map(
        (x) =>
          `| ${r.database} | ${x.endpoint} \`${x.path}\` | ${String(x.server.requestsPerSec)} | ${String(x.server.p50Ms)} | ${String(x.server.p99Ms)} | ${String(x.baseline.requestsPerSec)} | ${String(x.ratio)} | ${String(x.server.bytesPerResponse)} |`,
      ),
    ),
    '',
    '## Open a bus',
    '',
    `Every read above but the reference, as the app asks them when a bus opens. Under load: ${String(CONNECTIONS)} connections each asking the reads one after another, over and over. One phone: all reads at once, until the last answer, ${String(OPENS)} times in a row on an idle server.`,
    '',
    '| Database | opens/s | bare opens/s | ratio | one phone p50 ms | p95 ms | bare p50 ms | bare p95 ms | load avg 1/5/15 min before → after |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...runs.map(
      (r) =>
        `| ${r.database} | ${String(r.open.opensPerSec)} | ${String(r.open.bareOpensPerSec)} | ${String(r.open.ratio)} | ${String(r.open.one.p50Ms)} | ${String(r.open.one.p95Ms)} | ${String(r.open.oneBare.p50Ms)} | ${String(r.open.oneBare.p95Ms)} | ${r.load.before.join(' ')} → ${r.load.after.join(' ')} |`,
    ),
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'bus-latest.md'), md);
  console.log('\nWrote bench/results/bus-latest.json and bus-latest.md');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
