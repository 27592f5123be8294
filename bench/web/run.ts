/**
 * npm run bench:web — Lighthouse (default mobile profile: simulated slow 4G and a 4x slower CPU)
 * on the built app for /login and for /clients signed in, and the vehicle list of a 5,000-bus
 * agency: how long a keystroke in its search box takes to update the list. Writes
 * bench/results/web-latest.{json,md}.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type KeyInput, type Page } from 'puppeteer-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const KEYSTROKES: KeyInput[] = ['b', '1', '0'];

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

interface LighthouseFigures {
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  scriptKiB: number | null;
  totalKiB: number | null;
}

async function runLighthouse(url: string, port: number, keepStorage: boolean): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: keepStorage });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  const summary = lhr.audits['resource-summary']?.details;
  const items = summary && 'items' in summary ? (summary.items as { resourceType?: string; transferSize?: number }[]) : [];
  const kib = (type: string) => {
    const size = items.find((i) => i.resourceType === type)?.transferSize;
    return size === undefined ? null : Math.round((size / 1024) * 10) / 10;
  };
  return {
    url,
    performance: lhr.categories.performance?.score ?? null,
    accessibility: lhr.categories.accessibility?.score ?? null,
    bestPractices: lhr.categories['best-practices']?.score ?? null,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    scriptKiB: kib('script'),
    totalKiB: kib('total'),
  };
}

/** Keystroke to updated list, measured inside the page: from keydown to the last DOM change it caused. */
async function keystrokeLatencies(page: Page): Promise<number[] | null> {
  const search = await page.waitForSelector('input[type="search"], [role="searchbox"], input[placeholder*="earch"]', { timeout: 20_000 }).catch(() => null);
  if (!search) return null;
  await page.evaluate(() => {
    const w = window as unknown as { __bench: { down: number; last: number } };
    w.__bench = { down: 0, last: 0 };
    document.addEventListener('keydown', () => (w.__bench.down = performance.now()), { capture: true });
    new MutationObserver(() => (w.__bench.last = performance.now())).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const latencies: number[] = [];
  await search.click();
  for (const key of [...KEYSTROKES, 'Backspace', 'Backspace', 'Backspace'] satisfies KeyInput[]) {
    await page.keyboard.press(key);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const { down, last } = await page.evaluate(() => (window as unknown as { __bench: { down: number; last: number } }).__bench);
    latencies.push(Math.round((last - down) * 10) / 10);
  }
  return latencies;
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
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${String(chrome.port)}` });
    const login = await runLighthouse(`${base}/login`, chrome.port, false);
    console.log('Lighthouse /login', login);

    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.evaluate(
      (token: string) => {
        localStorage.setItem('token', token);
        localStorage.setItem('rememberMe', 'true');
        sessionStorage.setItem('token', token);
      },
      ready.token,
    );
    const clients = await runLighthouse(`${base}/clients`, chrome.port, true);
    console.log('Lighthouse /clients (signed in)', clients);

    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await page.evaluate((id: number) => {
      localStorage.setItem('selectedClientId', String(id));
      sessionStorage.setItem('selectedClientId', String(id));
    }, ready.clientId);
    await page.goto(`${base}/vehicles`, { waitUntil: 'networkidle0', timeout: 60_000 });
    const latencies = await keystrokeLatencies(page);
    const sorted = latencies ? [...latencies].sort((a, b) => a - b) : [];
    const keystroke = latencies ? { vehicles: ready.vehicles, keys: latencies, medianMs: sorted[Math.floor(sorted.length / 2)] ?? null, maxMs: sorted[sorted.length - 1] ?? null } : null;
    console.log('Vehicle search keystroke', keystroke ?? 'search box not found: the vehicle list is not built yet');
    await browser.disconnect();

    const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
    const report = { date: new Date().toISOString(), machine, lighthouse: [login, clients], keystroke };
    const out = path.join(root, 'bench/results');
    writeFileSync(path.join(out, 'web-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    const row = (f: LighthouseFigures) => `| ${new URL(f.url).pathname} | ${String(f.performance)} | ${String(f.accessibility)} | ${String(f.bestPractices)} | ${String(f.lcpMs)} | ${String(f.tbtMs)} | ${String(f.scriptKiB)} | ${String(f.totalKiB)} |`;
    writeFileSync(
      path.join(out, 'web-latest.md'),
      [
        `# Web benchmark (${report.date.slice(0, 10)})`,
        '',
        `Lighthouse 12, default mobile profile (simulated throttling), Chromium at ${CHROMIUM}; machine: ${String(machine.cpus)} × ${machine.cpuModel}, ${String(machine.memoryGiB)} GiB.`,
        '',
        '| Page | Performance | Accessibility | Best practices | LCP ms | TBT ms | JS KiB (compressed) | All KiB |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        row(login),
        row(clients),
        '',
        keystroke
          ? `Vehicle search over ${String(keystroke.vehicles)} vehicles: keydown to list updated, median ${String(keystroke.medianMs)} ms, max ${String(keystroke.maxMs)} ms (keys: ${keystroke.keys.join(', ')} ms; no CPU throttling).`
          : 'Vehicle search: not measured (the vehicle list is not built yet).',
        '',
      ].join('\n'),
    );
    console.log('Wrote bench/results/web-latest.json and web-latest.md');
  } finally {
    chrome.kill();
    child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
