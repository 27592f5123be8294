/**
 * npm run bench:shipments — shipments and the unit scan on PGlite (../shared/docs/campaigns.md,
 * "Scale"): the preview of a 5,000-row packing list (goal ≤ 3 s), its import, and the unit lookup
 * `GET /api/shipment-units/lookup` with 20,000 units in the agency (goal p95 ≤ 50 ms) by serial,
 * IMEI, ICCID, device id and a code that matches nothing. The server listens on a local port and is
 * called over HTTP, one request at a time; the 20,000 units are seeded by SQL. Writes
 * bench/results/shipments-latest.md.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { Client } from '@toolkit/contracts/clients.ts';
import { luhnValid } from '@toolkit/contracts/shipments.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { queryRows } from '../apps/server/src/db/query.ts';
import { createFleetSimulator } from '../apps/server/src/providers/fleet/simulator/fleet-simulator.ts';
import { listenInProcess } from './in-process.ts';

const UNITS = Number(process.env.BENCH_UNITS ?? 20_000);
const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PREVIEW_RUNS = Number(process.env.BENCH_PREVIEW_RUNS ?? 8);
const GOAL_PREVIEW_MS = 3000;
const GOAL_LOOKUP_P95_MS = 50;
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
const withCheck = (body: string) => {
  for (let d = 0; d < 10; d += 1) if (luhnValid(`${body}${String(d)}`)) return `${body}${String(d)}`;
  throw new Error(body);
};

/** A packing list of `n` new units: GPS and tablets with valid IMEIs and ICCIDs, routers, APCs. */
function packingList(n: number): string {
  const types = ['GPS', 'Tablet', 'Router', 'APC'] as const;
  const rows = Array.from({ length: n }, (_, i) => {
    const type = types[i % types.length] ?? 'GPS';
    const code = String(900_000 + i).padStart(7, '0');
    const imei = type === 'APC' ? '' : withCheck(`3563079${code}`);
    const iccid = type === 'APC' ? '' : withCheck(`89148000009${code}`);
    const phone = type === 'APC' ? '' : `+1555${code}`;
    return [
      `PL-${code}`,
      type,
      imei,
      iccid,
      phone,
      `${type} model`,
      `BOX-${String(Math.floor(i / 20))}`,
    ].join(',');
  });
  return ['serial,device_type,imei,iccid,phone,model,box', ...rows].join('\r\n');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolkit-shipments-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SESSION_CACHE_TTL_MS: '0',
  });
  const database = await openDatabase({ databaseUrl: null, dataDir: path.join(dataDir, 'pglite') });
  const simulator = createFleetSimulator({ seed: 1, extraAgencies: { count: 1, buses: 1000 } });
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
  const agency = clients.find((c) => c.name.startsWith('BENCH'));
  if (!agency) throw new Error('benchmark agency missing');
  await deps.mirror.syncFleet(agency.id);
  await run(sql`update users set role = 'supervisor' where id = ${user.id}`);

  // 20,000 units in one shipment, by SQL (codes unique; lookups do not check the Luhn digit).
  const loadAtStart = os.loadavg();
  const t0 = performance.now();
  const [shipment] = await run<{ id: number }>(
    sql`insert into shipments (client_id, reference, file_sha256, rows, imported_by)
      values (${agency.id}, 'PO-SEED', 'seed', ${UNITS}, ${user.id}) returning id`,
  );
  if (!shipment) throw new Error('no shipment');
  await run(
    sql`insert into shipment_units (shipment_id, client_id, serial, device_type, imei, iccid, model, box)
      select ${shipment.id}, ${agency.id}, 'SU-' || lpad(n::text, 6, '0'),
        (array['GPS','Tablet','Router','APC'])[1 + n % 4], '35' || lpad(n::text, 13, '0'),
        '8914' || lpad(n::text, 15, '0'), 'Seeded', 'BOX-' || (n / 20)::text
      from generate_series(1, ${UNITS}) n`,
  );
  const seedMs = performance.now() - t0;
  const [deviceRow] = await run<{ device_id: string }>(
    sql`select device_id from devices where client_id = ${agency.id} order by id desc limit 1`,
  );
  const [deviceCount] = await run<{ n: number }>(
    sql`select count(*)::int as n from devices where client_id = ${agency.id}`,
  );

  async function call(url: string, body?: string): Promise<{ ms: number; status: number; body: string }> {
    const t = performance.now();
    const res = await fetch(`${base}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'text/csv' }) },
      body,
    });
    const text = await res.text();
    if (res.status >= 500) throw new Error(`${url}: ${String(res.status)} ${text.slice(0, 300)}`);
    return { ms: performance.now() - t, status: res.status, body: text };
  }
  const figure = (name: string, times: number[], note: string): Figure => ({
    name,
    runs: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(Math.max(...times)),
    note,
  });

  const figures: Figure[] = [];
  const importUrl = (dryRun: boolean) =>
    `/api/shipments/import?clientId=${String(agency.id)}&reference=PO-BENCH${dryRun ? '&dryRun=1' : ''}`;
  const counts = (body: string) => {
    const p = JSON.parse(body) as { new: number; unchanged: number; errorCount: number };
    return `new ${String(p.new)}, unchanged ${String(p.unchanged)}, errors ${String(p.errorCount)}`;
  };
  const list = packingList(ROWS);
  const previews: number[] = [];
  let last = '';
  await call(importUrl(true), list); // warm-up
  for (let i = 0; i < PREVIEW_RUNS; i += 1) {
    const r = await call(importUrl(true), list);
    previews.push(r.ms);
    last = r.body;
  }
  figures.push(figure(`preview: ${String(ROWS)} new rows`, previews, counts(last)));
  const written = await call(importUrl(false), list);
  figures.push(figure(`import, written: ${String(ROWS)} rows (one run)`, [written.ms], counts(written.body)));
  const again: number[] = [];
  const changed = `${list}\r\n`; // other bytes, the same units: all unchanged
  for (let i = 0; i < PREVIEW_RUNS; i += 1) {
    const r = await call(importUrl(true), changed);
    again.push(r.ms);
    last = r.body;
  }
  figures.push(figure(`preview: the same ${String(ROWS)} units again`, again, counts(last)));

  const n = (i: number) => 1 + ((i * 7919) % UNITS);
  const codes: [string, (i: number) => string][] = [
    ['serial', (i) => `su-${String(n(i)).padStart(6, '0')}`],
    ['IMEI', (i) => `35${String(n(i)).padStart(13, '0')}`],
    ['ICCID', (i) => `8914${String(n(i)).padStart(15, '0')}`],
    ['device id', () => deviceRow?.device_id ?? 'none'],
    ['no match (404)', (i) => `NOPE-${String(i)}`],
  ];
  const lookups: number[] = [];
  for (const [label, code] of codes) {
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) await call(lookupUrl(code(i)));
    let status = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const r = await call(lookupUrl(code(i)));
      times.push(r.ms);
      status = r.status;
    }
    lookups.push(...times);
    figures.push(figure(`lookup by ${label}`, times, `HTTP ${String(status)}`));
  }
  function lookupUrl(code: string) {
    return `/api/shipment-units/lookup?clientId=${String(agency?.id ?? 0)}&code=${encodeURIComponent(code)}`;
  }
  const lookupP95 = round(percentile(lookups, 95));
  const previewWorst = Math.max(...previews);

  await app.close();
  await database.close();
  writeReport({
    figures,
    seedMs,
    agency: agency.name,
    devices: Number(deviceCount?.n ?? 0),
    loadAtStart,
    lookupP95,
    previewWorst: round(previewWorst),
  });
}

function writeReport(r: {
  figures: Figure[];
  seedMs: number;
  agency: string;
  devices: number;
  loadAtStart: number[];
  lookupP95: number;
  previewWorst: number;
}): void {
  const cpus = os.cpus();
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  const row = (f: Figure) =>
    `| ${f.name} | ${String(f.runs)} | ${String(f.p50)} | ${String(f.p95)} | ${String(f.max)} | ${f.note} |`;
  const md = `# Shipments and the unit scan (${new Date().toISOString().slice(0, 10)}, PGlite)

Agency ${r.agency} (${String(r.devices)} devices) with ${String(UNITS)} shipment units seeded by SQL in
${String(Math.round(r.seedMs))} ms. Each figure is over HTTP on 127.0.0.1, one request at a time, after warm-up
calls; times in ms, body read included. Goals: a ${String(ROWS)}-row preview ≤ ${String(GOAL_PREVIEW_MS)} ms; the unit lookup
p95 ≤ ${String(GOAL_LOOKUP_P95_MS)} ms.

| Request | runs | p50 | p95 | max | answer |
|---|---:|---:|---:|---:|---|
${r.figures.map(row).join('\n')}

Preview of ${String(ROWS)} rows, slowest run ${String(r.previewWorst)} ms: goal ≤ ${String(GOAL_PREVIEW_MS)} ms ${r.previewWorst <= GOAL_PREVIEW_MS ? 'met' : 'NOT met'}.
Lookup, p95 over every lookup ${String(r.lookupP95)} ms: goal ≤ ${String(GOAL_LOOKUP_P95_MS)} ms ${r.lookupP95 <= GOAL_LOOKUP_P95_MS ? 'met' : 'NOT met'}.

Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${String(cpus.length)} cores, ${String(Math.round(os.totalmem() / 2 ** 30))} GiB,
${os.platform()} ${os.release()}, Node ${process.version}. Load average (1, 5, 15 min) at the start:
${load(r.loadAtStart)}; at the end: ${load(os.loadavg())} (other work shared the machine: on an idle one the
figures are lower).
`;
  writeFileSync(path.join(root, 'bench/results/shipments-latest.md'), md);
  console.log(md);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
