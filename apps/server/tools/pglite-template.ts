/**
 * Makes the template a new PGlite data folder is written from (decision 054): a fresh cluster
 * made by PGlite's own initdb with the installed PGlite, its `dumpDataDir` tar compressed with
 * brotli (a 16 MiB window, so the three near-identical databases of a cluster are stored about
 * once: 1.3 MB instead of 4.5 MB gzipped), written beside the migrations as
 * `pglite-cluster-<version>.tar.br`; a template of another release is removed. Run it after
 * upgrading PGlite: `npx tsx apps/server/tools/pglite-template.ts` (about a minute).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from '../src/db/client.ts';
import { findTemplate, TEMPLATE_PREFIX, TEMPLATE_SUFFIX } from '../src/db/pglite-template.ts';

/** The installed PGlite's version (its package.json is not in the package's exports). */
export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

async function main(): Promise<void> {
  const client = await PGlite.create();
  const tar = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await client.close();
  const packed = brotliCompressSync(tar, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
    },
  });
  const old = findTemplate(migrationsFolder);
  if (old) rmSync(old);
  const file = path.join(migrationsFolder, `${TEMPLATE_PREFIX}${installedPgliteVersion()}${TEMPLATE_SUFFIX}`);
  writeFileSync(file, packed);
  console.log(
    `Wrote ${path.relative(process.cwd(), file)}: ${String(packed.length)} bytes (${String(tar.length)} unpacked)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
