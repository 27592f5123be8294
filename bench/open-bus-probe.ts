/**
 * One "open a bus" in the page (bench/open-bus.ts): the tap on "Start installation", when the bus
 * first shows in the workspace, and when the workspace is complete (no loading state, every read
 * made since the tap answered), each to the frame painted.
 */
import type { HTTPRequest, Page } from 'puppeteer-core';

export const CPU_SLOWDOWN = 4;
/** DevTools' "Slow 4G", as Lighthouse's mobile profile applies it (bytes per second, ms). */
const SLOW_4G = { download: (1474.56 * 1024) / 8, upload: (675 * 1024) / 8, latency: 562.5 };
/** Nothing loading and no read in flight for this long: the workspace is complete. */
const SETTLED_MS = 1000;

export interface Opening {
  fleetNumber: string;
  /** From the tap to the first frame painted complete. */
  completeMs: number;
  /** From the tap to the first frame showing the bus's fleet number in the workspace. */
  firstContentMs: number;
  api: { name: string; start: number; end: number }[];
  scripts: number;
  longTaskMs: number;
}

interface ProbeState {
  tap: number;
  fleet: string;
  shown: number;
  complete: number;
  painted: number;
  longTasks: { start: number; end: number }[];
}

declare global {
  interface Window {
    __openBus?: ProbeState;
  }
}

/** In the page: the tap's time, when the bus first shows, when nothing is left loading, painted. */
function armProbe(fleet: string): void {
  const state: ProbeState = { tap: 0, fleet, shown: 0, complete: 0, painted: 0, longTasks: [] };
  window.__openBus = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      state.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: 'longtask' });
  document.addEventListener(
    'click',
    (event) => {
      if (state.tap === 0 && event.target instanceof Element && event.target.closest('a[href^="/dashboard"]'))
        state.tap = event.timeStamp;
    },
    { capture: true },
  );
  const painted = (set: (at: number) => void) =>
    requestAnimationFrame(() => setTimeout(() => set(performance.now()), 0));
  const check = () => {
    if (state.tap === 0 || !location.pathname.startsWith('/dashboard')) return;
    const main = document.querySelector('main') ?? document.body;
    if (state.shown === 0 && main.textContent.includes(state.fleet)) {
      state.shown = performance.now();
      painted((at) => (state.shown = at));
    }
    const loading = main.querySelector('[role="status"][aria-label^="Loading"]') !== null;
    if (loading) {
      state.complete = 0;
      state.painted = 0;
    } else if (state.complete === 0 && state.shown > 0) {
      state.complete = performance.now();
      painted((at) => {
        if (state.complete > 0) state.painted = at;
      });
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

export const round = (ms: number) => Math.round(ms);

/** Opens `fleetNumber` from the vehicle list (already shown) and measures until its workspace is complete. */
export async function openBus(page: Page, fleetNumber: string): Promise<Opening> {
  const inFlight = new Set<HTTPRequest>();
  let lastChange = Date.now();
  const track = (on: boolean) => (request: HTTPRequest) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    if (on) inFlight.add(request);
    else inFlight.delete(request);
    lastChange = Date.now();
  };
  const started = track(true);
  const ended = track(false);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const search = await page.waitForSelector('input[type="search"], input[placeholder^="Vehicle ID"]');
    await search?.click({ count: 3 });
    await search?.type(fleetNumber);
    const row = await page.waitForSelector(
      `::-p-xpath(//button[@aria-expanded][.//span[normalize-space()="${fleetNumber}"]])`,
    );
    await row?.click();
    const start = await page.waitForSelector('::-p-text(Start installation)');
    // tsx keeps function names with an `__name` helper that the page lacks: give it one first.
    await page.evaluate('globalThis.__name = (fn) => fn;');
    await page.evaluate(armProbe, fleetNumber);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.emulateNetworkConditions(SLOW_4G);
    try {
      await start?.tap();
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const painted = await page.evaluate(() => window.__openBus?.painted ?? 0);
        if (painted > 0 && inFlight.size === 0 && Date.now() - lastChange > SETTLED_MS) break;
      }
    } finally {
      await page.emulateNetworkConditions(null);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
    return await page.evaluate(() => {
      const state = window.__openBus;
      if (!state) throw new Error('the probe is gone');
      const after = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) => r.startTime >= state.tap,
      );
      // The probe's times are the page's; a read answered after the paint counts too.
      const api = after
        .filter((r) => new URL(r.name).pathname.startsWith('/api/'))
        .map((r) => {
          const u = new URL(r.name);
          return {
            name: `${u.pathname}${u.search}`,
            start: r.startTime - state.tap,
            end: r.responseEnd - state.tap,
          };
        });
      const lastRead = Math.max(0, ...api.map((a) => a.end));
      return {
        fleetNumber: state.fleet,
        completeMs: Math.max(state.painted - state.tap, lastRead),
        firstContentMs: state.shown - state.tap,
        api,
        scripts: after.filter((r) => r.name.endsWith('.js')).length,
        longTaskMs: state.longTasks
          .filter((t) => t.start >= state.tap && t.start < state.painted)
          .reduce((sum, t) => sum + t.end - t.start, 0),
      };
    });
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
