/**
 * npm run bench:web — Lighthouse (default mobile profile: simulated slow 4G and a 4x slower CPU)
 * on the built app for /login and for /clients signed in, and the vehicle list of a 5,000-bus
 * agency: how long a keystroke in its search box takes to update the list. Writes
 * bench/results/web-latest.{json,md}.
 *
 * BENCH_RUNS (default 3): Lighthouse runs per page, the median by performance score is reported.
 * BENCH_SKIP_BUILD=1: measure apps/web/dist as it is.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { measureKeystrokes, QUERIES, ROUNDS, type KeystrokeFigures } from './keystroke.ts';
import { medianLighthouse, type LighthouseFigures } from './lighthouse.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

interface Ready {
  port: number;
  token: string;
  clientId: number;
  vehicles: number;
}

function startServer(): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['bench/api/serve.ts'], {
      cwd: root,
      env: { ...process.env, WEB_DIST_DIR: path.join(root, 'apps/web/dist') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) resolve({ child, ready: JSON.parse(line) as Ready });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${String(code)}`)));
  });
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

function expectPage(pathname: string, apiCall?: string) {
  return (f: LighthouseFigures) => {
    if (new URL(f.finalUrl).pathname !== pathname)
      throw new Error(`${f.url} ended on ${f.finalUrl}: not measured as intended`);
    if (apiCall && !f.apiCalls.includes(apiCall))
      throw new Error(`${f.url} made no "${apiCall}" call (calls: ${f.apiCalls.join(', ')}): not signed in?`);
  };
}

function markdown(report: {
  date: string;
  machine: Record<string, string | number>;
  load: { before: string; after: string };
  runs: number;
  pages: { figures: LighthouseFigures; scores: (number | null)[] }[];
  keystroke: KeystrokeFigures;
}): string {
  const { machine, keystroke: k } = report;
  const row = ({ figures: f, scores }: { figures: LighthouseFigures; scores: (number | null)[] }) =>
    `| ${new URL(f.url).pathname} | ${String(f.performance)} (${scores.map(String).join(', ')}) | ${String(f.accessibility)} | ${String(f.bestPractices)} | ${String(f.fcpMs)} | ${String(f.lcpMs)} | ${String(f.tbtMs)} | ${String(f.scriptKiB)} | ${String(f.totalKiB)} |`;
  const failing = report.pages.flatMap(({ figures: f }) =>
    f.failing.length ? [`- ${new URL(f.url).pathname}: ${f.failing.join(', ')}`] : [],
  );
  return [
    `# Web benchmark (${report.date.slice(0, 10)})`,
    '',
    `Lighthouse 12, default mobile profile (simulated slow 4G, 4x CPU slowdown), Chromium at ${CHROMIUM}, against the production build served by the API server (compression on). Median of ${String(report.runs)} runs by performance score; the scores of all runs in brackets.`,
    `Machine: ${String(machine.cpus)} × ${String(machine.cpuModel)}, ${String(machine.memoryGiB)} GiB, Node ${String(machine.node)}; load average (1 / 5 / 15 min) ${report.load.before} before, ${report.load.after} after.`,
    '',
    '| Page | Performance | Accessibility | Best practices | FCP ms | LCP ms | TBT ms | JS KiB (compressed) | All KiB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.pages.map(row),
    '',
    '/clients is a signed-in first visit: token in localStorage (`token`, `rememberMe`), service worker and caches reset by Lighthouse; the run is rejected unless it stays on /clients and `/api/clients` answers 200.',
    ...(failing.length ? ['', 'Audits below 0.9 in the median runs:', ...failing] : []),
    '',
    `## Vehicle search, ${k.vehicles.toLocaleString('en-US')} vehicles`,
    '',
    `Keydown to the first frame after the list (summary line and rows) changed, no CPU throttling, ${String(k.samples.length)} keystrokes (typing and erasing ${QUERIES.map((q) => `"${q}"`).join(', ')}, ${String(ROUNDS)} times; ${String(k.unchanged)} keys left the list as it was and are not timed).`,
    '',
    `| p50 ms | p95 ms | max ms | rows in the DOM (whole list) |`,
    '|---:|---:|---:|---:|',
    `| ${String(k.p50Ms)} | ${String(k.p95Ms)} | ${String(k.maxMs)} | ${String(k.rowsInDom)} of ${String(k.vehicles)} |`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  if (!process.env.BENCH_SKIP_BUILD) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const { child, ready } = await startServer();
  const base = `http://127.0.0.1:${String(ready.port)}`;
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const before = load();
    console.log(`Load average ${before}`);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${String(chrome.port)}` });
    const page = await browser.newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate(() => localStorage.clear());

    console.log('Lighthouse /login');
    const login = await medianLighthouse(`${base}/login`, chrome.port, RUNS, expectPage('/login'));

    // Signed in as §4 stores it with remember-me; Lighthouse keeps localStorage between runs.
    await page.evaluate((token: string) => {
      localStorage.setItem('token', token);
      localStorage.setItem('rememberMe', 'true');
    }, ready.token);
    console.log('Lighthouse /clients (signed in)');
    const clients = await medianLighthouse(
      `${base}/clients`,
      chrome.port,
      RUNS,
      expectPage('/clients', '/api/clients 200'),
    );

    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await page.evaluate((id: number) => localStorage.setItem('selectedClientId', String(id)), ready.clientId);
    await page.goto(`${base}/vehicles`, { waitUntil: 'load', timeout: 60_000 });
    const keystroke = await measureKeystrokes(page, ready.vehicles);
    console.log(
      `Vehicle search over ${String(keystroke.vehicles)} vehicles: p50 ${String(keystroke.p50Ms)} ms, p95 ${String(keystroke.p95Ms)} ms, max ${String(keystroke.maxMs)} ms (${String(keystroke.samples.length)} keys, ${String(keystroke.unchanged)} unchanged)`,
    );
    await browser.disconnect();
    const after = load();

    const machine = {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    };
    const pages = [
      { figures: login.median, scores: login.scores },
      { figures: clients.median, scores: clients.scores },
    ];
    const report = {
      date: new Date().toISOString(),
      machine,
      load: { before, after },
      runs: RUNS,
      pages,
      keystroke,
    };
    const out = path.join(root, 'bench/results');
    writeFileSync(path.join(out, 'web-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(out, 'web-latest.md'), markdown(report));
    for (const { figures } of pages) console.log(figures);
    console.log(
      `Load average ${before} before, ${after} after. Wrote bench/results/web-latest.json and web-latest.md`,
    );
  } finally {
    chrome.kill();
    child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
