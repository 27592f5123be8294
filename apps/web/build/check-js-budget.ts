/**
 * Run after `npm run build` (the e2e step of `npm test`): fails when a screen's first load is over
 * its JavaScript budget, naming the route and its size. Sizes are brotli at quality 11, as the
 * build precompresses the files and the server sends them to browsers (gzip copies are ~12% larger).
 *
 *   tsx apps/web/build/check-js-budget.ts [dist]   (default apps/web/dist)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { SCREENS } from '../src/app/route-table.ts';
import { formatSizes, kib, overLimit, routeSizes } from './js-budget.ts';
import type { Manifest } from './route-chunks.ts';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

const cache = new Map<string, number>();
function brotliSize(file: string): number {
  const known = cache.get(file);
  if (known !== undefined) return known;
  const body = readFileSync(path.join(dist, file));
  const size = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }).length;
  cache.set(file, size);
  return size;
}

const sizes = routeSizes(manifest, SCREENS, brotliSize);
console.log(`JavaScript of each screen's first load (brotli), ${dist}:\n${formatSizes(sizes)}`);
const over = overLimit(sizes);
if (over.length > 0) {
  console.error(
    `\nJS budget exceeded:\n${over.map((s) => `  ${s.path}: ${kib(s.bytes)} > ${kib(s.limitBytes)}`).join('\n')}`,
  );
  process.exit(1);
}
const pending = sizes.filter((s) => s.bytes > s.budgetBytes).length;
console.log(
  pending > 0
    ? `Within the limits; ${String(pending)} screens still over their goal (build/js-budget.ts, ALLOWANCE_KIB).`
    : 'Every screen within its budget.',
);
