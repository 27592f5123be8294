#!/usr/bin/env node
// The server's integration tests again on PostgreSQL (TEST_DATABASE_URL), each file in its own database.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'Set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run the PostgreSQL suite.',
  );
  process.exit(1);
}
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'apps/server/test'], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(r.status ?? 1);
