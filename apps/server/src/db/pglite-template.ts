import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

/**
 * A new PGlite data folder is written from a template, not made by PGlite's initdb (decision 054).
 * PGlite's initdb runs a second and a third WebAssembly instance of PostgreSQL beside the one it
 * starts, copies a 128 MiB heap, and (on a folder) holds the whole new cluster in memory as a tar:
 * about 850 MiB of RSS on the first start, which a later start never sees again. The template is
 * that same cluster, made once by the PGlite release the server runs (apps/server/tools/
 * pglite-template.ts): its `dumpDataDir` tar, brotli-compressed, named after that release. It
 * lives beside the migrations, which are applied on it as on every other database.
 */
export const TEMPLATE_PREFIX = 'pglite-cluster-';
export const TEMPLATE_SUFFIX = '.tar.br';

/** The template in `folder` (`pglite-cluster-<PGlite version>.tar.br`), or null when there is none. */
export function findTemplate(folder: string): string | null {
  if (!existsSync(folder)) return null;
  const name = readdirSync(folder).find((f) => f.startsWith(TEMPLATE_PREFIX) && f.endsWith(TEMPLATE_SUFFIX));
  return name ? path.join(folder, name) : null;
}

/** The PGlite release a template was made by, from its name. */
export function templateVersion(file: string): string {
  return path.basename(file).slice(TEMPLATE_PREFIX.length, -TEMPLATE_SUFFIX.length);
}

const BLOCK = 512;

/** The files and folders of a tar (ustar, as PGlite's `dumpDataDir` writes it). */
function* tarEntries(tar: Buffer): Generator<{ name: string; folder: boolean; data: Buffer }> {
  for (let at = 0; at + BLOCK <= tar.length && tar[at] !== 0;) {
    const text = (from: number, length: number) =>
      tar.toString('latin1', at + from, at + from + length).replace(/\0[\s\S]*$/, '');
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const type = text(156, 1);
    yield { name, folder: type === '5', data: tar.subarray(at + BLOCK, at + BLOCK + size) };
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
}

/**
 * Writes the template's cluster into `dir` when `dir` is missing or empty; a folder that holds
 * anything is left as it is (PGlite resumes it). The files are written into a folder beside it,
 * renamed into place once all are there: a start cut short leaves no half-written cluster.
 * Returns whether the cluster was written.
 */
export function unpackTemplate(template: string, dir: string): boolean {
  if (existsSync(dir)) {
    if (readdirSync(dir).length > 0) return false;
    rmSync(dir, { recursive: true });
  }
  const partial = `${dir}.partial-${String(process.pid)}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    for (const entry of tarEntries(brotliDecompressSync(readFileSync(template), { chunkSize: 64 << 20 }))) {
      const target = path.join(partial, entry.name);
      if (!target.startsWith(`${partial}${path.sep}`))
        throw new Error(`template entry outside: ${entry.name}`);
      if (entry.folder) mkdirSync(target, { recursive: true });
      else {
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, entry.data);
      }
    }
    if (!existsSync(path.join(partial, 'PG_VERSION'))) throw new Error('template holds no cluster');
    renameSync(partial, dir);
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
  return true;
}
