/**
 * The JavaScript budget of each screen's first load (issue 17, decision 025): the compressed size of
 * every file the screen needs first (see route-chunks.ts), against 130 KiB for the sign-in screens
 * (/login, and / signed out) and 180 KiB for every screen drawn in the app's frame.
 *
 * Screens not yet within their budget have a ceiling (ALLOWANCE_KIB): the check fails when they
 * grow past it, and reports them as over the goal until they are brought within it.
 */
import { firstLoadFiles, type Manifest, type ScreenChunks } from './route-chunks.ts';

export const KIB = 1024;
export const BUDGET_SIGNED_OUT_KIB = 130;
export const BUDGET_SIGNED_IN_KIB = 180;

/**
 * Ceilings for screens over their budget, while one is being brought within it: the check then
 * fails only if the screen grows past its ceiling, and marks it as over the goal. Empty since
 * issue 17 (decision 027): every screen is within its budget, and a new one must be too.
 */
export const ALLOWANCE_KIB: Readonly<Record<string, number>> = {};

export interface RouteSize {
  path: string;
  files: string[];
  bytes: number;
  /** The goal. */
  budgetBytes: number;
  /** What fails the check: the goal, or the screen's ceiling while it is over the goal. */
  limitBytes: number;
}

/** 130 KiB for the screens of a signed-out first visit without the frame, else 180 KiB. */
export const budgetOf = (screen: ScreenChunks) =>
  (screen.signedIn || screen.frame !== 'none' ? BUDGET_SIGNED_IN_KIB : BUDGET_SIGNED_OUT_KIB) * KIB;

/** Each screen's first-load files and their total compressed size (`compressedSize` of one file). */
export function routeSizes(
  manifest: Manifest,
  screens: readonly ScreenChunks[],
  compressedSize: (file: string) => number,
  allowanceKiB: Readonly<Record<string, number>> = ALLOWANCE_KIB,
): RouteSize[] {
  return screens.map((screen) => {
    const files = firstLoadFiles(manifest, screen);
    const bytes = files.reduce((sum, file) => sum + compressedSize(file), 0);
    const budgetBytes = budgetOf(screen);
    const ceiling = allowanceKiB[screen.path];
    const limitBytes = ceiling === undefined ? budgetBytes : Math.max(budgetBytes, ceiling * KIB);
    return { path: screen.path, files, bytes, budgetBytes, limitBytes };
  });
}

export const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

/** The routes that fail the check: over their budget, or over their ceiling while above the goal. */
export const overLimit = (sizes: readonly RouteSize[]) => sizes.filter((s) => s.bytes > s.limitBytes);

/** One line a route: ✓ within its budget, ! over the goal but within its ceiling, ✗ failing. */
export function formatSizes(sizes: readonly RouteSize[]): string {
  const width = Math.max(...sizes.map((s) => s.path.length));
  return sizes
    .map((s) => {
      const mark = s.bytes > s.limitBytes ? '✗' : s.bytes > s.budgetBytes ? '!' : '✓';
      const ceiling = s.limitBytes > s.budgetBytes ? `, over the goal: ceiling ${kib(s.limitBytes)}` : '';
      return `${mark} ${s.path.padEnd(width)}  ${kib(s.bytes).padStart(10)} of ${kib(s.budgetBytes)} (${String(s.files.length)} files${ceiling})`;
    })
    .join('\n');
}
