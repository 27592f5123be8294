#!/usr/bin/env node
// Bundles the server's TypeScript (and the contracts it imports) into one ES module with esbuild,
// next to a copy of the migrations, so it runs on plain `node` (decision 029): the tsx loader
// (its own thread, transpiling every file at start-up) costs each process about 95 MiB of memory.
// Packages from node_modules stay external. `node apps/server/scripts/bundle.mjs` builds
// apps/server/dist/server.mjs; bundleServer() builds any entry (bench/api/serve.ts).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles `entry` to `outfile` and copies the migrations beside it (db/client.ts finds them there). */
export async function bundleServer({ entry, outfile }) {
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@toolkit/'));
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    logLevel: 'warning',
    // Some external packages are CommonJS and call require(): give the bundle one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  const migrations = path.join(path.dirname(outfile), 'migrations');
  rmSync(migrations, { recursive: true, force: true });
  cpSync(path.join(serverDir, 'src/db/migrations'), migrations, { recursive: true });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = await bundleServer({
    entry: path.join(serverDir, 'src/server.ts'),
    outfile: path.join(serverDir, 'dist/server.mjs'),
  });
  console.log(`Bundled the server to ${path.relative(process.cwd(), out)}`);
}
