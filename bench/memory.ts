/**
 * npm run bench:memory — the API server's memory as `npm start` runs it (issue 36 item 4): bundled,
 * on plain node, PGlite in a data folder, the built-in fleet simulator. A newcomer's first start on
 * an empty data folder, a second start on the same folder, then BENCH_MEMORY_MINUTES (default 60)
 * of the demo's traffic in that second process. The child's RSS is read from /proc/<pid>/status:
 * VmRSS every 200 ms, and VmHWM (the kernel's own peak, nothing missed between samples).
 * Writes bench/results/memory-latest.{json,md}.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLEET_DEVICES_REFETCH_MS, VEHICLE_LIST_REFETCH_MS } from '@toolkit/contracts/constants.ts';
import { bundleServer } from '../apps/server/scripts/bundle.mjs';
import { Phone } from './memory-phone.ts';
import { machineInfo } from './machine.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MINUTES = Number(process.env.BENCH_MEMORY_MINUTES ?? 60);
/** After the banner: the phone signs in and opens an agency, then this long with the phone idle. */
const SETTLE_S = Number(process.env.BENCH_MEMORY_SETTLE_S ?? 60);
const GOALS = { firstStartMiB: 400, longRunMiB: 500 };
const SAMPLE_MS = 200;
const MiB = (kB: number) => Math.round(kB / 1024);
const load = () => loadavg().map((n) => Math.round(n * 100) / 100);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM of a process, in kB (null once it is gone). */
function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Sample {
  atS: number;
  rssMiB: number;
}

/** The server in its own process, sampled until stopped. */
class Server {
  readonly child: ChildProcess;
  readonly started = performance.now();
  readonly samples: Sample[] = [];
  private readonly timer: NodeJS.Timeout;
  readonly ready: Promise<number>;

  constructor(bundle: string, env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [bundle], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    let out: string | null = '';
    this.child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    this.ready = new Promise((resolve, reject) => {
      // The banner; the log lines after it are read and dropped.
      this.child.stdout?.on('data', (chunk: Buffer) => {
        if (out === null) return;
        out += chunk.toString();
        if (!out.includes('Installer Toolkit is running at')) return;
        out = null;
        resolve(this.seconds());
      });
      this.child.once('exit', (code) => reject(new Error(`the server exited with ${String(code)}`)));
    });
  }

  seconds(): number {
    return Math.round((performance.now() - this.started) / 100) / 10;
  }

  sample(): { rss: number; hwm: number } | null {
    const m = this.child.pid === undefined ? null : memoryOf(this.child.pid);
    if (m) this.samples.push({ atS: this.seconds(), rssMiB: MiB(m.rss) });
    return m;
  }

  /** The largest RSS sampled since `fromS` seconds after the start. */
  maxSince(fromS: number): number {
    return Math.max(0, ...this.samples.filter((s) => s.atS >= fromS).map((s) => s.rssMiB));
  }

  stop(): Promise<void> {
    clearInterval(this.timer);
    return new Promise((resolve) => {
      this.child.removeAllListeners('exit');
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}

interface StartFigures {
  readyS: number;
  peakAtReadyMiB: number;
  rssAtReadyMiB: number;
  signInMs: number;
  peakMiB: number;
  rssSettledMiB: number;
  loadBefore: number[];
  loadAfter: number[];
}

/** A start: the banner, then the phone signs in and opens its agency, then SETTLE_S seconds idle. */
async function startAndSettle(server: Server, phone: Phone, label: string) {
  const loadBefore = load();
  const readyS = await server.ready;
  const atReady = server.sample();
  const t = performance.now();
  const agency = await phone.signIn();
  await phone.open();
  const signInMs = Math.round(performance.now() - t);
  await sleep(SETTLE_S * 1000);
  const settled = server.sample();
  const figures: StartFigures = {
    readyS,
    peakAtReadyMiB: MiB(atReady?.hwm ?? 0),
    rssAtReadyMiB: MiB(atReady?.rss ?? 0),
    signInMs,
    peakMiB: Math.max(MiB(settled?.hwm ?? 0), server.maxSince(0)),
    rssSettledMiB: MiB(settled?.rss ?? 0),
    loadBefore,
    loadAfter: load(),
  };
  console.log(
    `[${label}] ready after ${String(readyS)} s (peak ${String(figures.peakAtReadyMiB)} MiB); signed in and opened ${agency.agency} (${String(agency.vehicles)} buses) in ${String(signInMs)} ms; ` +
      `peak ${String(figures.peakMiB)} MiB, RSS ${String(figures.rssSettledMiB)} MiB ${String(SETTLE_S)} s later`,
  );
  return { figures, agency };
}

async function main(): Promise<void> {
  const bundle = await bundleServer({
    entry: path.join(root, 'apps/server/src/server.ts'),
    outfile: path.join(root, 'bench/.tmp/memory/server.mjs'),
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolkit-memory-'));
  const webDist = path.join(root, 'apps/web/dist');
  const webServed = existsSync(path.join(webDist, 'index.html'));
  const port = await freePort();
  // As `npm start` with no configuration: PGlite in the data folder, the built-in simulator.
  const {
    DATABASE_URL: _db,
    FLEET_PROVIDER: _fleet,
    NODE_ENV: _env,
    LOG_LEVEL: _log,
    ...inherited
  } = process.env;
  const env = {
    ...inherited,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST_DIR: webDist,
  };
  const base = `http://127.0.0.1:${String(port)}`;
  const servers: Server[] = [];
  try {
    console.log(`First start on an empty data folder (${dataDir})...`);
    const first = new Server(bundle, env);
    servers.push(first);
    const firstRun = await startAndSettle(first, new Phone(base), 'first start');
    await first.stop();

    console.log('Second start on the same folder...');
    const second = new Server(bundle, env);
    servers.push(second);
    const phone = new Phone(base);
    const secondRun = await startAndSettle(second, phone, 'second start');
    const longFromS = second.seconds();
    const loadBefore = load();
    console.log(`Long run: ${String(MINUTES)} min of the phone polling the agency...`);
    const marks: { minute: number; rssMiB: number }[] = [];
    const end = performance.now() + MINUTES * 60_000;
    for (let minute = 1; minute <= Math.ceil(MINUTES); minute += 1) {
      await phone.poll(Math.min(end, performance.now() + 60_000));
      const m = second.sample();
      if (!m) throw new Error('the server exited during the long run');
      marks.push({ minute, rssMiB: MiB(m.rss) });
      if (minute % 5 === 0 || minute === Math.ceil(MINUTES))
        console.log(`[long run] ${String(minute)} min: RSS ${String(MiB(m.rss))} MiB`);
    }
    const last = second.sample();
    const longRun: LongRun = {
      minutes: MINUTES,
      peakMiB: second.maxSince(longFromS),
      processPeakMiB: Math.max(MiB(last?.hwm ?? 0), second.maxSince(0)),
      finalMiB: MiB(last?.rss ?? 0),
      requests: phone.requests,
      failures: phone.failures,
      marks,
      loadBefore,
      loadAfter: load(),
    };
    await second.stop();
    console.log(
      `[long run] peak ${String(longRun.peakMiB)} MiB (process ${String(longRun.processPeakMiB)}), final ${String(longRun.finalMiB)} MiB; ${String(longRun.requests)} requests, ${String(longRun.failures)} failed`,
    );
    report({ first: firstRun, second: secondRun, longRun, webServed });
  } finally {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface LongRun {
  minutes: number;
  /** The largest RSS sampled during the run; the process's own peak (VmHWM) includes its start. */
  peakMiB: number;
  processPeakMiB: number;
  finalMiB: number;
  requests: number;
  failures: number;
  marks: { minute: number; rssMiB: number }[];
  loadBefore: number[];
  loadAfter: number[];
}

type StartRun = Awaited<ReturnType<typeof startAndSettle>>;

function report(r: { first: StartRun; second: StartRun; longRun: LongRun; webServed: boolean }): void {
  const machine = machineInfo();
  const date = new Date().toISOString();
  const out = path.join(root, 'bench/results');
  const json = { date, settleS: SETTLE_S, sampleMs: SAMPLE_MS, goals: GOALS, machine, ...r };
  writeFileSync(path.join(out, 'memory-latest.json'), `${JSON.stringify(json, null, 2)}\n`);
  const { first, second, longRun } = r;
  const row = (name: string, s: StartFigures) =>
    `| ${name} | ${String(s.readyS)} s | ${String(s.peakAtReadyMiB)} | ${String(s.signInMs)} ms | **${String(s.peakMiB)}** | ${String(s.rssSettledMiB)} | ${s.loadBefore.join(' ')} → ${s.loadAfter.join(' ')} |`;
  const ratio = (n: number, goal: number) => String(Math.round((n / goal) * 100) / 100);
  const md = [
    `# Server memory at start and over time (${date.slice(0, 10)})`,
    '',
    `The server as \`npm start\` runs it: bundled, on plain node, PGlite in a data folder, the built-in fleet simulator${r.webServed ? ', serving the built web app' : ' (web app not built: the API alone)'}. RSS of the server process from /proc/<pid>/status: VmHWM (the kernel's peak) and VmRSS sampled every ${String(SAMPLE_MS)} ms. A start: the banner, then one phone signs in as \`demo\` and opens the largest agency (${first.agency.agency}, ${String(first.agency.vehicles)} buses, ${String(first.agency.devices)} devices: its first pulls), then ${String(SETTLE_S)} s more ("settled"). The second start reopens the same folder; the long run continues that process with the phone polling the agency as the web app does (overview and devices every ${String(FLEET_DEVICES_REFETCH_MS / 1000)} s, vehicles every ${String(VEHICLE_LIST_REFETCH_MS / 1000)} s, by delta), so the server pulls the agency every 15 s and the simulator changes statuses every 5 s.`,
    `Machine: ${String(machine.cpus)} × ${machine.cpuModel}, ${String(machine.memoryGiB)} GiB, Node ${machine.node}; shared with whatever else runs on it (load averages below).`,
    '',
    '| Start | ready after | peak until ready MiB | sign-in + first lists | peak MiB | RSS settled MiB | load avg 1/5/15 min before → after |',
    '|---|---:|---:|---:|---:|---:|---|',
    row('first (empty data folder)', first.figures),
    row('second (same folder)', second.figures),
    '',
    `| Long run | minutes | peak MiB (during the run) | process peak MiB | final RSS MiB | requests (failed) | load avg before → after |`,
    '|---|---:|---:|---:|---:|---:|---|',
    `| phone polling ${first.agency.agency} | ${String(longRun.minutes)} | **${String(longRun.peakMiB)}** | ${String(longRun.processPeakMiB)} | ${String(longRun.finalMiB)} | ${String(longRun.requests)} (${String(longRun.failures)}) | ${longRun.loadBefore.join(' ')} → ${longRun.loadAfter.join(' ')} |`,
    '',
    '## Goals (issue 36 item 4)',
    '',
    '| Figure | measured | goal | ratio (measured / goal) |',
    '|---|---:|---:|---:|',
    `| first start, peak | ${String(first.figures.peakMiB)} MiB | ≤ ${String(GOALS.firstStartMiB)} MiB | ${ratio(first.figures.peakMiB, GOALS.firstStartMiB)} |`,
    `| after ${String(longRun.minutes)} min of traffic, peak of the second process | ${String(longRun.processPeakMiB)} MiB | ≤ ${String(GOALS.longRunMiB)} MiB | ${ratio(longRun.processPeakMiB, GOALS.longRunMiB)} |`,
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'memory-latest.md'), md);
  console.log('\nWrote bench/results/memory-latest.json and memory-latest.md');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
