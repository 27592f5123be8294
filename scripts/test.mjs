#!/usr/bin/env node
// npm test: lint, type-check, unit + API integration tests (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set), then the build, its JS budget per screen and the end-to-end tests in
// Chromium. Stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Lint', 'npm', ['run', 'lint']],
  ['Type-check', 'npm', ['run', 'typecheck']],
  ['Unit and API integration tests (PGlite)', 'npm', ['run', 'test:unit']],
];
if (process.env.TEST_DATABASE_URL)
  steps.push(['API integration tests (PostgreSQL)', 'npm', ['run', 'test:pg']]);
else console.log('TEST_DATABASE_URL is not set: the PostgreSQL run of the integration tests is skipped.');
steps.push(['JS budget, then end-to-end tests (Chromium)', 'npm', ['run', 'test:e2e']]);

const started = Date.now();
for (const [name, cmd, args] of steps) {
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  const env = { ...process.env };
  // The first run of the integration tests is on PGlite; the PostgreSQL run is its own step.
  if (name.includes('(PGlite)')) delete env.TEST_DATABASE_URL;
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status ?? 1);
  }
  console.log(`✓ ${name} (${((Date.now() - t) / 1000).toFixed(0)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
