/**
 * npm run bench:web — Lighthouse (default mobile profile: simulated slow 4G and a 4x slower CPU)
 * on the built app: /login beside a plain-HTML login form (the LCP floor, bench/web/floor.ts),
 * and /clients, /overview, /vehicles, /devices, /dashboard signed in; and the vehicle list of a 5,000-bus
 * agency: how long a keystroke in its search box takes to update the list. Writes
 * bench/results/web-latest.{json,md}.
 *
 * BENCH_RUNS (default 3): Lighthouse runs per page, the median by performance score is reported.
 * BENCH_SKIP_BUILD=1: measure apps/web/dist as it is.
 * BENCH_SCREENS=/overview,/dashboard: only these signed-in screens, for a look while working on them;
 * nothing is written to bench/results (use BENCH_LHR_DIR to keep the reports).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import puppeteer, { type Page } from 'puppeteer-core';
import { startFloorServer } from './floor.ts';
import { measureKeystrokes } from './keystroke.ts';
import { medianLcp, medianLighthouse, type LighthouseFigures } from './lighthouse.ts';
import { markdown, type PageResult, type WebReport } from './report.ts';
import { machineInfo } from '../machine.ts';

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
  /** The 5,000-bus agency (vehicle search); the metro agency (the screens' Lighthouse runs). */
  clientId: number;
  metroClientId: number;
  vehicles: number;
}

function startServer(): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['bench/api/serve.ts'], {
      cwd: root,
      env: {
        ...process.env,
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'),
        BENCH_SIGNED_IN: '1',
      },
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

/** Signed-in screens measured besides /clients: the agency's main screens (issue 17). */
const CLIENT_SCREENS = ['/overview', '/vehicles', '/devices', '/dashboard'] as const;

const pageResult = (r: Awaited<ReturnType<typeof medianLighthouse>>): PageResult => ({
  figures: r.median,
  scores: r.scores,
  lcpMs: medianLcp(r.runs),
  runsLcp: r.runs.map((f) => f.lcpMs),
});

/**
 * Signed in as §4 stores it with remember-me; Lighthouse keeps localStorage between runs. The
 * everyday visit: the metro agency selected and the tour done (§4 opens it 1 s after the very first
 * load, and its dialog would be the LCP element of every screen).
 */
async function signIn(page: Page, ready: Ready): Promise<void> {
  await page.evaluate(
    (token: string, clientId: number) => {
      localStorage.setItem('token', token);
      localStorage.setItem('rememberMe', 'true');
      localStorage.setItem('selectedClientId', String(clientId));
      localStorage.setItem('tourCompleted', 'true');
    },
    ready.token,
    ready.metroClientId,
  );
}

/** Screens to measure, or every one when BENCH_SCREENS is not set. */
const ONLY =
  process.env.BENCH_SCREENS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? null;

/** Only the named signed-in screens, printed, nothing written (BENCH_SCREENS). */
async function measureOnly(
  base: string,
  port: number,
  ready: Ready,
  screens: readonly string[],
): Promise<void> {
  for (const screen of screens.filter((s) => s !== '/login')) {
    const call =
      screen === '/clients' ? '/api/clients 200' : `/api/clients/${String(ready.metroClientId)} 200`;
    const r = pageResult(await medianLighthouse(`${base}${screen}`, port, RUNS, expectPage(screen, call)));
    console.log(
      `${screen}: performance ${String(r.figures.performance)} (${r.scores.join(', ')}), LCP ${String(r.lcpMs)} ms (${r.runsLcp.join(', ')}), TBT ${String(r.figures.tbtMs)} ms, CLS ${String(r.figures.cls)}, LCP element "${String(r.figures.lcpElement)}"; below 0.9: ${r.figures.failing.join(', ') || 'none'}`,
    );
  }
}

async function main(): Promise<void> {
  if (!process.env.BENCH_SKIP_BUILD) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const { child, ready } = await startServer();
  const floorServer = await startFloorServer();
  const base = `http://127.0.0.1:${String(ready.port)}`;
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const before = load();
    console.log(`Load average ${before}`);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${String(chrome.port)}` });
    const page = await browser.newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate(() => localStorage.clear());

    if (ONLY) {
      if (ONLY.includes('/login')) {
        // The floor and /login alternately, run by run, so that their ratio comes from the same conditions.
        const floorRuns: LighthouseFigures[] = [];
        const loginRuns: LighthouseFigures[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          floorRuns.push(
            ...(await medianLighthouse(floorServer.url, chrome.port, 1, expectPage('/login'))).runs,
          );
          loginRuns.push(
            ...(await medianLighthouse(`${base}/login`, chrome.port, 1, expectPage('/login'))).runs,
          );
        }
        const floorLcp = medianLcp(floorRuns);
        const loginLcp = medianLcp(loginRuns);
        console.log(
          `/login: LCP ${String(loginLcp)} ms (${loginRuns.map((f) => f.lcpMs).join(', ')}) against the floor's ${String(floorLcp)} ms (${floorRuns.map((f) => f.lcpMs).join(', ')}): ${floorLcp && loginLcp ? (loginLcp / floorLcp).toFixed(2) : '?'}×`,
        );
      }
      await signIn(page, ready);
      await browser.disconnect();
      await measureOnly(base, chrome.port, ready, ONLY);
      return;
    }

    // The floor and /login one after the other, so that their ratio comes from the same conditions.
    console.log('Lighthouse plain-HTML floor /login');
    const floor = pageResult(
      await medianLighthouse(floorServer.url, chrome.port, RUNS, expectPage('/login')),
    );
    console.log('Lighthouse /login');
    const login = pageResult(
      await medianLighthouse(`${base}/login`, chrome.port, RUNS, expectPage('/login')),
    );

    await signIn(page, ready);
    const pages = [login];
    console.log('Lighthouse /clients (signed in)');
    pages.push(
      pageResult(
        await medianLighthouse(
          `${base}/clients`,
          chrome.port,
          RUNS,
          expectPage('/clients', '/api/clients 200'),
        ),
      ),
    );
    for (const screen of CLIENT_SCREENS) {
      console.log(`Lighthouse ${screen} (signed in, agency ${String(ready.metroClientId)})`);
      const call = `/api/clients/${String(ready.metroClientId)} 200`;
      pages.push(
        pageResult(await medianLighthouse(`${base}${screen}`, chrome.port, RUNS, expectPage(screen, call))),
      );
    }

    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    // The tab's sessionStorage (Lighthouse navigated in it) holds the metro agency: it comes first.
    await page.evaluate((id: number) => {
      localStorage.setItem('selectedClientId', String(id));
      sessionStorage.setItem('selectedClientId', String(id));
    }, ready.clientId);
    await page.goto(`${base}/vehicles`, { waitUntil: 'load', timeout: 60_000 });
    const keystroke = await measureKeystrokes(page, ready.vehicles);
    console.log(
      `Vehicle search over ${String(keystroke.vehicles)} vehicles: p50 ${String(keystroke.p50Ms)} ms, p95 ${String(keystroke.p95Ms)} ms, max ${String(keystroke.maxMs)} ms (${String(keystroke.samples.length)} keys, ${String(keystroke.unchanged)} unchanged)`,
    );
    await browser.disconnect();
    const after = load();

    const machine = machineInfo();
    const report: WebReport = {
      date: new Date().toISOString(),
      chromium: CHROMIUM,
      machine,
      load: { before, after },
      runs: RUNS,
      floor,
      pages,
      lcpRatio:
        login.lcpMs !== null && floor.lcpMs ? Math.round((login.lcpMs / floor.lcpMs) * 100) / 100 : null,
      keystroke,
    };
    const out = path.join(root, 'bench/results');
    writeFileSync(path.join(out, 'web-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(out, 'web-latest.md'), markdown(report));
    for (const { figures, lcpMs } of [floor, ...pages])
      console.log(
        `${figures.url}: performance ${String(figures.performance)}, accessibility ${String(figures.accessibility)}, LCP ${String(lcpMs)} ms`,
      );
    console.log(`/login LCP ratio to the floor: ${String(report.lcpRatio)} (goal ≤ 2.0)`);
    console.log(
      `Load average ${before} before, ${after} after. Wrote bench/results/web-latest.json and web-latest.md`,
    );
  } finally {
    chrome.kill();
    floorServer.server.close();
    child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
