#!/usr/bin/env node
// npm run start:traccar: the Traccar stand-in and the toolkit pointed at it, in one command (the
// same two processes as `npm run traccar-standin` and `FLEET_PROVIDER=traccar ... npm start`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.TRACCAR_STANDIN_PORT ?? '8082';
const READY = /Traccar stand-in \(API of Traccar [^)]+\) at (http:\/\/\S+)/;
const TOKEN = /TRACCAR_TOKEN=(\S+)/;

const standin = spawn('npm', ['run', 'traccar-standin', '--silent'], {
  cwd: root,
  env: { ...process.env, TRACCAR_STANDIN_PORT: port },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let server = null;
let output = '';
standin.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (server) return;
  output += chunk.toString();
  const url = READY.exec(output)?.[1];
  const token = TOKEN.exec(output)?.[1];
  if (!url || !token) return;
  server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      // Its own database: the simulator's demo data (npm start) stays apart.
      DATA_DIR: path.join(root, 'data-traccar'),
      ...process.env,
      FLEET_PROVIDER: 'traccar',
      TRACCAR_URL: url,
      TRACCAR_TOKEN: token,
    },
  });
  server.on('exit', (code) => {
    standin.kill('SIGTERM');
    process.exitCode = code ?? 1;
  });
});
standin.on('exit', (code) => {
  if (!server) {
    console.error(
      `The Traccar stand-in stopped before it was ready (exit ${String(code)}); is port ${port} free?`,
    );
    process.exit(1);
  }
  server.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server?.kill(signal);
    standin.kill(signal);
  });
