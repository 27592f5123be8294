/** bench/results/web-latest.md: each figure beside its goal (issue 17, decision 010). */
import { QUERIES, ROUNDS, type KeystrokeFigures } from './keystroke.ts';
import type { LighthouseFigures } from './lighthouse.ts';

export const GOALS = { performance: 0.95, accessibility: 1, lcpRatio: 2 } as const;

export interface PageResult {
  figures: LighthouseFigures;
  scores: (number | null)[];
  /** Median LCP of the runs, and each run's. */
  lcpMs: number | null;
  runsLcp: (number | null)[];
}

export interface WebReport {
  date: string;
  chromium: string;
  machine: Record<string, string | number>;
  load: { before: string; after: string };
  runs: number;
  floor: PageResult;
  pages: PageResult[];
  /** The app's /login LCP over the floor page's (medians of the same run). */
  lcpRatio: number | null;
  keystroke: KeystrokeFigures;
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');
const meets = (value: number | null, goal: number) => value !== null && value >= goal;

export function markdown(report: WebReport): string {
  const { machine, keystroke: k } = report;
  const row = ({ figures: f, scores, lcpMs }: PageResult) =>
    `| ${new URL(f.url).pathname} | ${String(f.performance)} ${mark(meets(f.performance, GOALS.performance))} (${scores.map(String).join(', ')}) | ${String(f.accessibility)} ${mark(meets(f.accessibility, GOALS.accessibility))} | ${String(f.bestPractices)} | ${String(f.fcpMs)} | ${String(lcpMs)} | ${String(f.tbtMs)} | ${String(f.scriptKiB)} | ${String(f.totalKiB)} |`;
  const failing = report.pages.flatMap(({ figures: f }) =>
    f.failing.length ? [`- ${new URL(f.url).pathname}: ${f.failing.join(', ')}`] : [],
  );
  const login = report.pages.find((p) => new URL(p.figures.url).pathname === '/login');
  const ratio = report.lcpRatio;
  return [
    `# Web benchmark (${report.date.slice(0, 10)})`,
    '',
    `Lighthouse 12, default mobile profile (simulated slow 4G, 4x CPU slowdown), Chromium at ${report.chromium}, against the production build served by the API server (compression on). ${String(report.runs)} runs per page: the run with the median performance score is shown (the scores of all runs in brackets), LCP is the median of the runs.`,
    `Machine: ${String(machine.cpus)} × ${String(machine.cpuModel)}, ${String(machine.memoryGiB)} GiB, Node ${String(machine.node)}; load average (1 / 5 / 15 min) ${report.load.before} before, ${report.load.after} after.`,
    '',
    '## LCP of /login against a plain-HTML login form',
    '',
    `The floor: the same login screen as plain HTML (no stylesheet, script or font), served beside the app and measured in the same run (bench/web/floor.ts).`,
    '',
    '| Page | LCP ms (median) | LCP of the runs | FCP ms |',
    '|---|---:|---|---:|',
    `| plain-HTML floor | ${String(report.floor.lcpMs)} | ${lcpRuns(report.floor)} | ${String(report.floor.figures.fcpMs)} |`,
    ...(login
      ? [`| app /login | ${String(login.lcpMs)} | ${lcpRuns(login)} | ${String(login.figures.fcpMs)} |`]
      : []),
    '',
    `Ratio: **${ratio === null ? '–' : `${ratio.toFixed(2)}×`}** (goal ≤ ${GOALS.lcpRatio.toFixed(1)}× ${mark(ratio !== null && ratio <= GOALS.lcpRatio)}).`,
    '',
    `## Lighthouse by screen (goals: performance ≥ ${String(GOALS.performance)}, accessibility ${String(GOALS.accessibility)})`,
    '',
    '| Page | Performance | Accessibility | Best practices | FCP ms | LCP ms (median) | TBT ms | JS KiB (compressed) | All KiB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.pages.map(row),
    '',
    'Signed-in screens are first visits with the token in localStorage (`token`, `rememberMe`), the largest regular agency selected (`selectedClientId`) and the tour done (`tourCompleted`: on the very first load §4 opens the tour after 1 s and its dialog is then the LCP element); Lighthouse resets the service worker and caches. A run is rejected unless it stays on its URL and its signed-in API call answers 200.',
    ...(failing.length ? ['', 'Audits below 0.9 in the median runs:', ...failing] : []),
    '',
    'LCP element of the median runs, as Lighthouse names it (none: the page was painted by a node the app has since replaced, such as the loading shell of index.html):',
    ...report.pages.map(
      (p) =>
        `- ${new URL(p.figures.url).pathname}: ${p.figures.lcpElement === null ? 'none' : `"${p.figures.lcpElement}"`}`,
    ),
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

const lcpRuns = (page: PageResult) => page.runsLcp.map(String).join(', ');
