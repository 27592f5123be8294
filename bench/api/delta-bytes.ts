/**
 * npm run bench:delta — the bytes of one refresh of the vehicle and device lists of a 5,000-bus
 * agency after 1 % of its devices changed (issue 17.4, decision 022): the delta (`?since=R`)
 * against the full lists, raw and brotli, on PGlite (or BENCH_DATABASE_URL). Checks that the delta
 * applied to the old lists gives the new ones. Writes bench/results/delta-latest.{json,md}.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { ListDelta } from '@toolkit/contracts/list-delta.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createFleetSimulator } from '../../apps/server/src/providers/fleet/simulator/fleet-simulator.ts';

const BUSES = Number(process.env.BENCH_BUSES ?? 5000);
const CHANGED_SHARE = 0.01;
const GOAL = 0.05;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Row {
  id: number;
  deviceId?: string;
  status?: string;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolkit-delta-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? null;
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'pglite') });
  const simulator = createFleetSimulator({ seed: 1, extraAgencies: { count: 1, buses: BUSES } });
  const { app, deps } = await buildApp({
    config,
    database,
    fleet: { provider: simulator, simulator },
    background: false,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'demo', password: 'demo-password' },
  });
  const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  const clients = (await app.inject({ method: 'GET', url: '/api/clients', headers: auth })).json<Client[]>();
  const bench = clients.find((c) => c.name.startsWith('BENCH'));
  if (!bench) throw new Error('benchmark agency missing');
  console.log(`mirroring ${String(BUSES)} buses...`);
  await deps.mirror.syncFleet(bench.id);
  let started = Date.now();
  await deps.mirror.syncFleet(bench.id);
  const idlePullMs = Date.now() - started;

  const get = async (url: string, encoding: 'identity' | 'br') => {
    const r = await app.inject({ method: 'GET', url, headers: { ...auth, 'accept-encoding': encoding } });
    if (r.statusCode !== 200) throw new Error(`${url}: ${String(r.statusCode)}`);
    return { bytes: r.rawPayload.length, revision: Number(r.headers['x-revision']), body: r.body };
  };
  const lists = ['vehicles', 'devices'] as const;
  const url = (kind: (typeof lists)[number], since?: number) =>
    `/api/${kind}/client/${String(bench.id)}${since === undefined ? '' : `?since=${String(since)}`}`;

  const before = Object.fromEntries(
    await Promise.all(lists.map(async (k) => [k, await get(url(k), 'identity')] as const)),
  ) as Record<(typeof lists)[number], Awaited<ReturnType<typeof get>>>;
  const devices = JSON.parse(before.devices.body) as Row[];
  const step = Math.round(1 / CHANGED_SHARE);
  const changed = devices.filter((_, i) => i % step === 0);
  for (const d of changed) {
    if (d.deviceId === undefined) continue;
    simulator.setDeviceHeartbeat(d.deviceId, { status: d.status === 'online' ? 'offline' : 'online' });
  }
  started = Date.now();
  await deps.mirror.syncFleet(bench.id);
  const pullMs = Date.now() - started;

  const rows: {
    list: string;
    upserts: number;
    removed: number;
    full: { raw: number; br: number };
    delta: { raw: number; br: number };
    exact: boolean;
  }[] = [];
  for (const kind of lists) {
    const since = before[kind].revision;
    const fullRaw = await get(url(kind), 'identity');
    const fullBr = await get(url(kind), 'br');
    const deltaRaw = await get(url(kind, since), 'identity');
    const deltaBr = await get(url(kind, since), 'br');
    const delta = JSON.parse(deltaRaw.body) as ListDelta<Row>;
    const merged = new Map((JSON.parse(before[kind].body) as Row[]).map((r) => [r.id, r]));
    for (const id of delta.removed) merged.delete(id);
    for (const r of delta.upserts) merged.set(r.id, r);
    const sorted = (list: Row[]) => JSON.stringify([...list].sort((a, b) => a.id - b.id));
    const exact = sorted([...merged.values()]) === sorted(JSON.parse(fullRaw.body) as Row[]);
    rows.push({
      list: kind,
      upserts: delta.upserts.length,
      removed: delta.removed.length,
      full: { raw: fullRaw.bytes, br: fullBr.bytes },
      delta: { raw: deltaRaw.bytes, br: deltaBr.bytes },
      exact,
    });
  }
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const ratio = (a: number, b: number) => Math.round((a / b) * 10_000) / 10_000;
  const refresh = {
    full: { raw: sum((r) => r.full.raw), br: sum((r) => r.full.br) },
    delta: { raw: sum((r) => r.delta.raw), br: sum((r) => r.delta.br) },
  };
  const ratios = {
    raw: ratio(refresh.delta.raw, refresh.full.raw),
    br: ratio(refresh.delta.br, refresh.full.br),
  };
  const report = {
    date: new Date().toISOString(),
    database: databaseUrl ? 'PostgreSQL' : 'PGlite',
    buses: BUSES,
    devices: devices.length,
    devicesChanged: changed.length,
    idlePullMs,
    pullMs,
    goal: `delta bytes of one refresh (vehicle + device list) <= ${String(GOAL * 100)} % of the full lists`,
    rows,
    refresh,
    ratios,
    met: ratios.raw <= GOAL && ratios.br <= GOAL && rows.every((r) => r.exact),
  };
  const out = path.join(root, 'bench/results');
  writeFileSync(path.join(out, 'delta-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
  const md = [
    `# Delta sync bytes (${report.date.slice(0, 10)}, ${report.database})`,
    '',
    `One refresh of a ${String(BUSES)}-bus agency (${String(devices.length)} devices) after ${String(changed.length)} devices (1 %) changed status in the external system and were pulled: \`GET …/client/{id}?since=R\` against the full lists. Goal: ${report.goal}.`,
    '',
    '| List | upserts | removed | full raw | full br | delta raw | delta br | raw ratio | br ratio | delta applied = new list |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.list} | ${String(r.upserts)} | ${String(r.removed)} | ${String(r.full.raw)} | ${String(r.full.br)} | ${String(r.delta.raw)} | ${String(r.delta.br)} | ${pct(ratio(r.delta.raw, r.full.raw))} | ${pct(ratio(r.delta.br, r.full.br))} | ${r.exact ? 'yes' : 'NO'} |`,
    ),
    `| **one refresh** | | | ${String(refresh.full.raw)} | ${String(refresh.full.br)} | ${String(refresh.delta.raw)} | ${String(refresh.delta.br)} | **${pct(ratios.raw)}** | **${pct(ratios.br)}** | |`,
    '',
    `Goal ≤ ${pct(GOAL)}: ${report.met ? 'met' : 'NOT met'}. Bytes are the body as sent (brotli: \`accept-encoding: br\`, quality 5), headers excluded.`,
    '',
    `A pull that found nothing changed: ${String(idlePullMs)} ms; the pull that brought the changes: ${String(pullMs)} ms.`,
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'delta-latest.md'), md);
  console.log(md);
  await app.close();
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
