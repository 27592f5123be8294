/**
 * One visit of the supervisor's dashboard, measured in the page (bench/campaign-dashboard.ts): when
 * its figures are painted, when the main thread is free for good, and what the page did meanwhile.
 */
import type { Page } from 'puppeteer-core';

/** A quiet main thread this long after the last long task counts as interactive. */
export const QUIET_MS = 500;

export interface Span {
  name: string;
  start: number;
  end: number;
}

export interface Visit {
  /** From navigation start, in ms: the first frame painted with the dashboard's real figures. */
  numbersMs: number;
  /** The later of numbersMs and the end of the last long task before QUIET_MS of quiet. */
  interactiveMs: number;
  documentMs: number;
  domContentLoadedMs: number;
  fcpMs: number | null;
  /** The last script's response end, and how many scripts loaded. */
  scriptsMs: number;
  scripts: number;
  /** The API calls of the visit, in order. */
  api: Span[];
  /** Long tasks up to interactive. */
  longTasks: Span[];
}

interface ProbeState {
  expected: { planned: string; accepted: string };
  seen: number;
  painted: number;
  longTasks: { start: number; end: number }[];
}

declare global {
  interface Window {
    __dashboard?: ProbeState;
  }
}

/** Installed before the app's scripts: long tasks, and the moment the figures are right. */
function installProbe(planned: string, accepted: string): void {
  const state: ProbeState = { expected: { planned, accepted }, seen: 0, painted: 0, longTasks: [] };
  window.__dashboard = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      state.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const figure = (label: string) =>
    Array.from(document.querySelectorAll('dt')).find((dt) => dt.textContent.trim() === label)
      ?.nextElementSibling?.textContent;
  const check = () => {
    if (state.seen > 0) return;
    if (figure('Planned') !== state.expected.planned || figure('Accepted') !== state.expected.accepted)
      return;
    const at = performance.now();
    state.seen = at;
    // Painted: rAF runs before the frame's paint, a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(() => (state.painted = performance.now()), 0));
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  document.addEventListener('DOMContentLoaded', () => {
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  });
}

/** The first time after the figures' paint from which `quiet` ms pass without a long task, or null if not yet. */
function quietAfterNumbers(quiet: number): number | null {
  const state = window.__dashboard;
  if (!state || state.painted === 0) return null;
  let t = state.painted;
  for (;;) {
    const overlapping = state.longTasks.filter((lt) => lt.end > t && lt.start < t + quiet);
    if (overlapping.length === 0) break;
    t = Math.max(...overlapping.map((lt) => lt.end));
  }
  return performance.now() >= t + quiet ? t : null;
}

const round = (ms: number) => Math.round(ms);

export async function measureVisit(
  page: Page,
  url: string,
  cpuSlowdown: number,
  expected: { planned: number; accepted: number },
): Promise<Visit> {
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const n = (v: number) => v.toLocaleString('en-US');
  // tsx keeps function names with an `__name` helper that the page lacks: give it one first.
  const names = await page.evaluateOnNewDocument('globalThis.__name = (fn) => fn;');
  const probe = await page.evaluateOnNewDocument(installProbe, n(expected.planned), n(expected.accepted));
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    const handle = await page.waitForFunction(quietAfterNumbers, { polling: 100, timeout: 60_000 }, QUIET_MS);
    const interactive = (await handle.jsonValue()) ?? 0;
    return await page
      .evaluate((interactiveAt: number) => {
        const state = window.__dashboard;
        if (!state) throw new Error('the probe is gone');
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const scripts = resources.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return {
          numbersMs: state.painted,
          interactiveMs: interactiveAt,
          documentMs: nav?.responseEnd ?? 0,
          domContentLoadedMs: nav?.domContentLoadedEventEnd ?? 0,
          fcpMs: fcp ? fcp.startTime : null,
          scriptsMs: Math.max(0, ...scripts.map((s) => s.responseEnd)),
          scripts: scripts.length,
          api: resources
            .filter((r) => new URL(r.name).pathname.startsWith('/api/'))
            .map((r) => {
              const u = new URL(r.name);
              return {
                name: `${u.pathname}${u.search.startsWith('?cursor') ? '?cursor=…' : u.search}`,
                start: r.startTime,
                end: r.responseEnd,
              };
            }),
          longTasks: state.longTasks
            .filter((lt) => lt.start < interactiveAt)
            .map((lt) => ({ name: 'long task', ...lt })),
        };
      }, interactive)
      .then((v) => ({
        ...v,
        numbersMs: round(v.numbersMs),
        interactiveMs: round(v.interactiveMs),
        documentMs: round(v.documentMs),
        domContentLoadedMs: round(v.domContentLoadedMs),
        fcpMs: v.fcpMs === null ? null : round(v.fcpMs),
        scriptsMs: round(v.scriptsMs),
        api: v.api.map((s) => ({ ...s, start: round(s.start), end: round(s.end) })),
        longTasks: v.longTasks.map((s) => ({ ...s, start: round(s.start), end: round(s.end) })),
      }));
  } finally {
    await page.removeScriptToEvaluateOnNewDocument(probe.identifier);
    await page.removeScriptToEvaluateOnNewDocument(names.identifier);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}
