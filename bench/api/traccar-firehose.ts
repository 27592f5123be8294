/**
 * bench:traccar's firehose section (issue 32, section 3): a 5,000-unit agency on the road, every
 * unit reporting every 10 s over Traccar's socket (a `devices` and a `positions` message per
 * report, 1 % of turns a status change), measured over a 60 s window after a warm-up: Traccar's
 * server-wide list reads per minute (goal ≤ 6), the toolkit's CPU (its own process: the stand-in
 * runs in a child process, its CPU reported apart) and status change → app p95 (goal ≤ 5 s).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import {
  STANDIN_ADMIN_TOKEN,
  STANDIN_PASSWORD,
  STANDIN_USERS,
} from '../../apps/server/tools/traccar-standin/standin-seed.ts';
import type { ChildCommand, ChildMessage } from './traccar-standin-child.ts';

const DEVICES = Number(process.env.BENCH_FIREHOSE_DEVICES ?? 5000);
const REPORT_SECONDS = Number(process.env.BENCH_FIREHOSE_REPORT_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_FIREHOSE_WARMUP_SECONDS ?? 20);
const WINDOW_SECONDS = Number(process.env.BENCH_FIREHOSE_WINDOW_SECONDS ?? 60);
const STATUS_SHARE = 0.01;
export const FIREHOSE_GOALS = { listReadsPerMinute: 6, statusP95Ms: 5000 };

type Stats = Extract<ChildMessage, { kind: 'stats' }>;

/** The stand-in's process: started, asked for its counts, told to run the firehose, ended. */
class StandinChild {
  private statsWaiting: ((stats: Stats) => void) | null = null;
  onStatus: ((m: Extract<ChildMessage, { kind: 'status' }>) => void) | null = null;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.on('message', (m: ChildMessage) => {
      if (m.kind === 'stats') this.statsWaiting?.(m);
      else if (m.kind === 'status') this.onStatus?.(m);
    });
  }

  static start(devices: number): Promise<StandinChild> {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'traccar-standin-child.ts');
    const child = fork(file, [String(devices)], { execArgv: process.execArgv, stdio: 'inherit' });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the stand-in's process ended (${String(code)})`)));
      child.once('message', (m: ChildMessage) => {
        if (m.kind === 'ready') resolve(new StandinChild(child, m.url));
      });
    });
  }

  send(command: ChildCommand): void {
    this.child.send(command);
  }

  stats(): Promise<Stats> {
    return new Promise((resolve) => {
      this.statsWaiting = resolve;
      this.send({ kind: 'stats' });
    });
  }

  exit(): void {
    this.child.removeAllListeners('exit');
    this.send({ kind: 'exit' });
  }
}

const shown = (status: string) => (status === 'unknown' ? 'warning' : status);
const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
};

export interface FirehoseFigures {
  devices: number;
  reportSeconds: number;
  warmupSeconds: number;
  windowSeconds: number;
  database: string;
  listReadsPerMinute: number;
  groupReadsPerMinute: number;
  toolkitCpuPercentOfCore: number;
  standinCpuPercentOfCore: number;
  statusChangesInWindow: number;
  statusToApp: { samples: number; missed: number; p50Ms: number; p95Ms: number; maxMs: number };
  rssMb: number;
  goals: typeof FIREHOSE_GOALS;
  pass: boolean;
}

export async function firehoseFigures(): Promise<FirehoseFigures> {
  const standin = await StandinChild.start(DEVICES);
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'toolkit-traccar-firehose-'));
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
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: STANDIN_USERS.installer.email, password: STANDIN_PASSWORD },
    });
    const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const get = async <T>(url: string) => (await app.inject({ method: 'GET', url, headers: auth })).json<T>();
    const metro = (await get<Client[]>('/api/clients')).find((c) => c.name === 'Metro Transit');
    if (!metro) throw new Error('Metro Transit missing');
    await deps.mirror.syncFleet(metro.id);
    deps.mirror.touch(metro.id);
    for (let i = 0; deps.platform?.platform().socket?.connected !== true; i++) {
      if (i > 300) throw new Error('the socket never opened');
      await sleep(100);
    }
    const vehicleOf = new Map(
      (await get<Device[]>(`/api/devices/client/${String(metro.id)}`)).map((d) => [d.deviceId, d.vehicleId]),
    );

    // One status change at a time is followed until the app shows it (a vehicle's device list:
    // the overview is built from the same rows at the same revision).
    let measuring = false;
    const probing: { current: Promise<void> | null } = { current: null };
    const latencies: number[] = [];
    let missed = 0;
    const latest = new Map<string, number>();
    const follow = async (uniqueId: string, status: string, at: number, vehicleId: number) => {
      for (;;) {
        if (latest.get(uniqueId) !== at) return; // changed again meanwhile: not a sample
        const rows = await get<Device[]>(`/api/devices/vehicle/${String(vehicleId)}`);
        if (rows.find((d) => d.deviceId === uniqueId)?.status === shown(status)) {
          latencies.push(Date.now() - at);
          return;
        }
        if (Date.now() - at > 20_000) {
          missed += 1;
          return;
        }
        await sleep(100);
      }
    };
    standin.onStatus = ({ uniqueId, status, at }) => {
      latest.set(uniqueId, at);
      const vehicleId = vehicleOf.get(uniqueId);
      if (!measuring || probing.current || vehicleId === undefined || vehicleId === null) return;
      probing.current = follow(uniqueId, status, at, vehicleId).finally(() => (probing.current = null));
    };

    standin.send({ kind: 'firehose', seconds: REPORT_SECONDS, statusShare: STATUS_SHARE });
    await sleep(WARMUP_SECONDS * 1000);
    const before = await standin.stats();
    const cpu = process.cpuUsage();
    const started = performance.now();
    measuring = true;
    await sleep(WINDOW_SECONDS * 1000);
    measuring = false;
    const after = await standin.stats();
    const used = process.cpuUsage(cpu);
    const elapsedMs = performance.now() - started;
    await probing.current;
    standin.send({ kind: 'stop-firehose' });
    const rssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    await app.close();
    await database.close();

    const perMinute = (n: number) => Math.round((n / elapsedMs) * 60_000 * 10) / 10;
    const ofCore = (micros: number) => Math.round((micros / 1000 / elapsedMs) * 1000) / 10;
    const statusToApp = {
      samples: latencies.length,
      missed,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      maxMs: Math.round(Math.max(0, ...latencies)),
    };
    const listReadsPerMinute = perMinute(after.devicesReads - before.devicesReads);
    return {
      devices: vehicleOf.size,
      reportSeconds: REPORT_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      windowSeconds: Math.round(elapsedMs / 1000),
      database: database.kind,
      listReadsPerMinute,
      groupReadsPerMinute: perMinute(after.groupsReads - before.groupsReads),
      toolkitCpuPercentOfCore: ofCore(used.user + used.system),
      standinCpuPercentOfCore: ofCore(after.cpuMicros - before.cpuMicros),
      statusChangesInWindow: after.statusChanges - before.statusChanges,
      statusToApp,
      rssMb,
      goals: FIREHOSE_GOALS,
      pass:
        listReadsPerMinute <= FIREHOSE_GOALS.listReadsPerMinute &&
        statusToApp.samples > 0 &&
        missed === 0 &&
        statusToApp.p95Ms <= FIREHOSE_GOALS.statusP95Ms,
    };
  } finally {
    standin.exit();
  }
}
