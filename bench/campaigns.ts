/**
 * npm run bench:campaigns — a 1,000-bus install campaign on PGlite (../shared/docs/campaigns.md,
 * "Scale"): `GET /api/campaigns/{id}/buses` (first page, next page, filtered pages) p50/p95 against
 * the goal p95 ≤ 300 ms, the bus-list import preview of a 1,000-row file, and the acceptance export.
 * The server listens on a local port and is called over HTTP, one request at a time. Seeding is
 * direct SQL. Writes bench/results/campaigns-latest.md.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { Client } from '@toolkit/contracts/clients.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { queryRows } from '../apps/server/src/db/query.ts';
import { createFleetSimulator } from '../apps/server/src/providers/fleet/simulator/fleet-simulator.ts';
import { seedCampaign } from './campaigns-seed.ts';
import { listenInProcess } from './in-process.ts';

const BUSES = Number(process.env.BENCH_BUSES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const IMPORT_RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 15);
const GOAL_P95_MS = 300;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Figure {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  note: string;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolkit-campaigns-'));
  // Sessions read on every request, so the role given below to the bench user holds at once.
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SESSION_CACHE_TTL_MS: '0',
  });
  const database = await openDatabase({ databaseUrl: null, dataDir: path.join(dataDir, 'pglite') });
  // Two generated agencies: the first holds the seeded campaign, the second an empty one to import into.
  const simulator = createFleetSimulator({ seed: 1, extraAgencies: { count: 2, buses: BUSES } });
  const { app, deps, base } = await listenInProcess({
    config,
    database,
    fleet: { provider: simulator, simulator },
    background: false,
  });
  const run = <T>(query: SQL) => queryRows<T>(deps.db, query);

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const authorization = `Bearer ${token}`;
  const clients = (await (
    await fetch(`${base}/api/clients`, { headers: { authorization } })
  ).json()) as Client[];
  const [seeded, empty] = clients.filter((c) => c.name.startsWith('BENCH'));
  if (!seeded || !empty) throw new Error('benchmark agencies missing');
  for (const c of [seeded, empty]) await deps.mirror.syncFleet(c.id);
  // The bench user supervises (the import and the export are a supervisor's).
  await run(sql`update users set role = 'supervisor' where id = ${user.id}`);

  const loadAtStart = os.loadavg();
  const started = performance.now();
  const campaignId = await seedCampaign(run, seeded.id, user.id);
  const [emptyCampaign] = await run<{ id: number }>(
    sql`insert into campaigns (client_id, name, created_by) values (${empty.id}, 'Import target', ${user.id}) returning id`,
  );
  if (!emptyCampaign) throw new Error('campaign not created');
  const seedMs = performance.now() - started;

  interface Call {
    method?: 'GET' | 'POST';
    body?: string;
  }
  async function call(url: string, c: Call = {}): Promise<{ ms: number; body: string }> {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, {
      method: c.method ?? 'GET',
      headers: { authorization, ...(c.body === undefined ? {} : { 'content-type': 'text/csv' }) },
      body: c.body,
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`${url}: ${String(res.status)} ${body.slice(0, 300)}`);
    return { ms: performance.now() - t0, body };
  }
  async function time(name: string, url: string, runs: number, c: Call, note: (body: string) => string) {
    for (let i = 0; i < 3; i += 1) await call(url, c); // warm-up
    const times: number[] = [];
    let last = '';
    for (let i = 0; i < runs; i += 1) {
      const r = await call(url, c);
      times.push(r.ms);
      last = r.body;
    }
    const p = (q: number) => round(percentile(times, q));
    return { name, runs, p50: p(50), p95: p(95), max: round(Math.max(...times)), note: note(last) };
  }

  const list = `/api/campaigns/${String(campaignId)}/buses`;
  const items = (body: string) => {
    const page = JSON.parse(body) as { items: unknown[]; total: number };
    return `${String(page.items.length)} of ${String(page.total)} buses`;
  };
  const fleets = async (clientId: number) =>
    (
      await run<{ f: string }>(
        sql`select vehicle_id as f from vehicles where client_id = ${clientId} order by id`,
      )
    ).map((r) => r.f);
  const seededFleets = await fleets(seeded.id);
  const { nextCursor } = JSON.parse((await call(list)).body) as { nextCursor: string | null };
  const pages: [string, string][] = [
    ['first page', ''],
    ['next page (cursor)', nextCursor ? `cursor=${encodeURIComponent(nextCursor)}` : ''],
    ['state=in_progress', 'state=in_progress'],
    ['blocked=true', 'blocked=true'],
    ['assignee=me', 'assignee=me'],
    ['assignee=none', 'assignee=none'],
    ['q= (fleet number)', `q=${encodeURIComponent((seededFleets[40] ?? '').slice(0, -1))}`],
  ];
  const figures: Figure[] = [];
  for (const [label, query] of pages)
    figures.push(await time(`buses: ${label}`, query ? `${list}?${query}` : list, RUNS, {}, items));

  // The import preview: the second agency's buses into its empty campaign (all new), and the
  // seeded campaign's own buses again (all already in it).
  const csv = (rows: string[]) =>
    [
      'vehicle_id,assignee,planned_on,notes',
      ...rows.map((f, i) => `${f},demo,2026-12-${String((i % 28) + 1).padStart(2, '0')},Row ${String(i)}`),
    ].join('\r\n');
  const newFile = csv(await fleets(empty.id));
  const counts = (body: string) => {
    const p = JSON.parse(body) as { new: number; unchanged: number; updated?: number; errorCount: number };
    return `new ${String(p.new)}, updated ${String(p.updated ?? 0)}, unchanged ${String(p.unchanged)}, errors ${String(p.errorCount)}`;
  };
  const target = `/api/campaigns/${String(emptyCampaign.id)}/buses/import`;
  const own = `/api/campaigns/${String(campaignId)}/buses/import`;
  const preview = (name: string, url: string, body: string) =>
    time(name, `${url}?dryRun=1`, IMPORT_RUNS, { method: 'POST', body }, counts);
  figures.push(await preview(`import preview: ${String(BUSES)} new rows`, target, newFile));
  const written = await call(target, { method: 'POST', body: newFile });
  figures.push(
    await preview(`import preview: the same ${String(BUSES)} rows again`, target, newFile),
    await preview(`import preview: ${String(BUSES)} rows of buses in every state`, own, csv(seededFleets)),
    await time(
      'export.csv',
      `/api/campaigns/${String(campaignId)}/export.csv`,
      IMPORT_RUNS,
      {},
      (b) => `${String(Buffer.byteLength(b))} bytes`,
    ),
  );
  const imported: Figure = {
    name: 'import, written',
    runs: 1,
    p50: round(written.ms),
    p95: 0,
    max: 0,
    note: counts(written.body),
  };

  await app.close();
  await database.close();
  writeReport({ figures, imported, seedMs, seeded: seeded.name, loadAtStart });
}

function writeReport(r: {
  figures: Figure[];
  imported: Figure;
  seedMs: number;
  seeded: string;
  loadAtStart: number[];
}): void {
  const cpus = os.cpus();
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  const lists = r.figures.filter((f) => f.name.startsWith('buses'));
  const worst = Math.max(...lists.map((f) => f.p95));
  const row = (f: Figure) =>
    `| ${f.name} | ${String(f.runs)} | ${String(f.p50)} | ${String(f.p95)} | ${String(f.max)} | ${f.note} |`;
  const md = `# Install campaigns (${new Date().toISOString().slice(0, 10)}, PGlite)

A campaign of ${String(BUSES)} buses (agency ${r.seeded}; 30 % accepted, 10 % ready for review, 30 % in progress with
blocked and rework buses, 30 % planned; 8 checklist items, tests, photos, ticks and events on most buses), seeded
by SQL in ${String(Math.round(r.seedMs))} ms. Each figure is over HTTP on 127.0.0.1, one request at a time, after 3
warm-up calls; times in ms, body read included. Goal: the bus list p95 ≤ ${String(GOAL_P95_MS)} ms.

| Request | runs | p50 | p95 | max | answer |
|---|---:|---:|---:|---:|---|
${r.figures.map(row).join('\n')}
| import, written (one run) | 1 | ${String(r.imported.p50)} | | | ${r.imported.note} |

Bus list, worst p95 ${String(worst)} ms: goal ≤ ${String(GOAL_P95_MS)} ms ${worst <= GOAL_P95_MS ? 'met' : 'NOT met'}.

Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${String(cpus.length)} cores, ${String(Math.round(os.totalmem() / 2 ** 30))} GiB,
${os.platform()} ${os.release()}, Node ${process.version}. Load average (1, 5, 15 min) at the start:
${load(r.loadAtStart)}; at the end: ${load(os.loadavg())} (other work shared the machine: on an idle one the
figures are lower).
`;
  writeFileSync(path.join(root, 'bench/results/campaigns-latest.md'), md);
  console.log(md);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
