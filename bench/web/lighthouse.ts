/**
 * One Lighthouse navigation in its default mobile profile (simulated slow 4G, 4x CPU slowdown).
 * Lighthouse resets service workers, Cache Storage and the HTTP cache before each run but keeps
 * localStorage, so a token stored there beforehand makes the run a signed-in first visit.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  url: string;
  finalUrl: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  scriptKiB: number | null;
  totalKiB: number | null;
  /** Audits of the three categories that did not pass, for the report. */
  failing: string[];
  /** The LCP element as Lighthouse labels it (its text or selector), to see what the LCP waits for. */
  lcpElement: string | null;
  /** Same-origin API calls the page made, with their status (proves the signed-in state). */
  apiCalls: string[];
}

type Item = Record<string, unknown>;

function detailItems(details: unknown): Item[] {
  if (
    typeof details !== 'object' ||
    details === null ||
    !('items' in details) ||
    !Array.isArray(details.items)
  )
    return [];
  return details.items.filter((i): i is Item => typeof i === 'object' && i !== null);
}

const kib = (bytes: unknown) => (typeof bytes === 'number' ? Math.round((bytes / 1024) * 10) / 10 : null);
const ms = (value: number | undefined) => (value === undefined ? null : Math.round(value));

export async function runLighthouse(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  // BENCH_LHR_DIR=dir keeps the full reports for a closer look (open them in the Lighthouse viewer),
  // and the trace of the observed load beside each (its long tasks, as measured before the 4x scaling).
  const keep = process.env.BENCH_LHR_DIR;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    writeFileSync(
      path.join(
        keep,
        `${new URL(url).pathname.slice(1) || 'root'}-${lhr.fetchTime.replace(/[:.]/g, '-')}.json`,
      ),
      JSON.stringify(lhr),
    );
    writeFileSync(
      path.join(
        keep,
        `${new URL(url).pathname.slice(1) || 'root'}-${lhr.fetchTime.replace(/[:.]/g, '-')}.trace.json`,
      ),
      JSON.stringify(result.artifacts.Trace),
    );
  }
  const summary = detailItems(lhr.audits['resource-summary']?.details);
  const sizeOf = (type: string) => kib(summary.find((i) => i.resourceType === type)?.transferSize);
  const apiCalls = detailItems(lhr.audits['network-requests']?.details)
    .filter((i) => typeof i.url === 'string' && new URL(i.url).pathname.startsWith('/api/'))
    .map((i) => `${new URL(String(i.url)).pathname} ${String(i.statusCode)}`);
  const categories = ['performance', 'accessibility', 'best-practices'] as const;
  const failing = categories.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a !== undefined && a.score !== null && a.score < 0.9)
      .map((a) => `${c}/${a?.id ?? '?'} (${String(a?.score)})`),
  );
  const lcpTable = detailItems(lhr.audits['largest-contentful-paint-element']?.details)[0];
  const lcpNode = detailItems(lcpTable)[0]?.node;
  const lcpElement =
    typeof lcpNode === 'object' && lcpNode !== null && 'nodeLabel' in lcpNode
      ? String(lcpNode.nodeLabel)
      : null;
  return {
    url,
    finalUrl: lhr.finalDisplayedUrl,
    performance: lhr.categories.performance?.score ?? null,
    accessibility: lhr.categories.accessibility?.score ?? null,
    bestPractices: lhr.categories['best-practices']?.score ?? null,
    fcpMs: ms(lhr.audits['first-contentful-paint']?.numericValue),
    lcpMs: ms(lhr.audits['largest-contentful-paint']?.numericValue),
    tbtMs: ms(lhr.audits['total-blocking-time']?.numericValue),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
    scriptKiB: sizeOf('script'),
    totalKiB: sizeOf('total'),
    failing,
    lcpElement,
    apiCalls,
  };
}

/** The median of the runs' LCPs (its own median: not necessarily the median-score run's). */
export function medianLcp(runs: readonly LighthouseFigures[]): number | null {
  const values = runs
    .map((f) => f.lcpMs)
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  if (values.length === 0) return null;
  const mid = Math.floor(values.length / 2);
  return values.length % 2 === 1
    ? (values[mid] ?? null)
    : Math.round(((values[mid - 1] ?? 0) + (values[mid] ?? 0)) / 2);
}

/** Runs Lighthouse `runs` times and keeps the run with the median performance score. */
export async function medianLighthouse(
  url: string,
  port: number,
  runs: number,
  check: (f: LighthouseFigures) => void,
): Promise<{ median: LighthouseFigures; scores: (number | null)[]; runs: LighthouseFigures[] }> {
  const all: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const figures = await runLighthouse(url, port).catch(async (error: unknown) => {
      // A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP); Lighthouse asks for a re-run.
      console.log(
        `  run ${String(i + 1)} failed, once more: ${error instanceof Error ? error.message : String(error)}`,
      );
      return runLighthouse(url, port);
    });
    check(figures);
    console.log(
      `  run ${String(i + 1)}: performance ${String(figures.performance)}, LCP ${String(figures.lcpMs)} ms, TBT ${String(figures.tbtMs)} ms, JS ${String(figures.scriptKiB)} KiB`,
    );
    all.push(figures);
  }
  const sorted = [...all].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse runs');
  return { median, scores: all.map((f) => f.performance), runs: all };
}
