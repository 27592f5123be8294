#!/usr/bin/env node
// npm start: builds the web app when its build is missing or older than its sources, then starts
// the API server (bundled first, decision 029), which serves the app on the same origin.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const distIndex = path.join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

if (existsSync(path.join(webDir, 'package.json'))) {
  const sources = Math.max(
    newestMtime(path.join(webDir, 'src')),
    newestMtime(path.join(webDir, 'public')),
    newestMtime(path.join(root, 'packages/contracts/src')),
    existsSync(path.join(webDir, 'index.html')) ? statSync(path.join(webDir, 'index.html')).mtimeMs : 0,
    existsSync(path.join(webDir, 'vite.config.ts'))
      ? statSync(path.join(webDir, 'vite.config.ts')).mtimeMs
      : 0,
  );
  const built = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
  if (built < sources && existsSync(path.join(webDir, 'index.html'))) {
    console.log('Building the web app...');
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

// The server runs bundled on plain node (decision 029): no TypeScript loader in the process.
const { bundleServer } = await import('../apps/server/scripts/bundle.mjs');
const server = await bundleServer({
  entry: path.join(root, 'apps/server/src/server.ts'),
  outfile: path.join(root, 'apps/server/dist/server.mjs'),
});
const child = spawn(process.execPath, [server], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
