#!/usr/bin/env node
// npm test: lint and type-check side by side, unit + API integration tests (PGlite, then
// PostgreSQL when TEST_DATABASE_URL is set), then the build, its JS budget per screen and the
// end-to-end tests in Chromium. Stops at the first failing step; prints each step's time.
//
// Lint (ESLint, type-aware: it type-checks every file again) and `tsc` each keep one core busy
// and need nothing from each other, so they run at once (issue 33). `tsc` ends in about half
// lint's time, and the PostgreSQL pass of the integration tests (a server of its own, no shared
// files) then takes the core it leaves: on two cores that pass costs about half its own time.
// Each job's output is printed as it ends.
import { spawn } from 'node:child_process';

const npm = (script) => ['npm', ['run', script]];
const withoutPostgres = () => {
  // The first run of the integration tests is on PGlite; the PostgreSQL run is its own step.
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  return env;
};

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres)
  console.log('TEST_DATABASE_URL is not set: the PostgreSQL run of the integration tests is skipped.');

/**
 * Each step is one command, or jobs run side by side; a job with `after` starts once that job has
 * passed. A step fails with its first failing job.
 */
const steps = [
  {
    name: postgres
      ? 'Lint, beside type-check then API integration tests (PostgreSQL)'
      : 'Lint and type-check (side by side)',
    jobs: [
      { name: 'Lint', cmd: npm('lint') },
      { name: 'Type-check', cmd: npm('typecheck') },
      ...(postgres
        ? [{ name: 'API integration tests (PostgreSQL)', cmd: npm('test:pg'), after: 'Type-check' }]
        : []),
    ],
  },
  { name: 'Unit and API integration tests (PGlite)', cmd: npm('test:unit'), env: withoutPostgres() },
  { name: 'JS budget, then end-to-end tests (Chromium)', cmd: npm('test:e2e') },
];

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * Runs one command. With `collect`, its output is kept and handed back instead of shown as it
 * comes (two commands at once would interleave their lines). Resolves to its exit status.
 */
function run([cmd, args], env, collect) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (collect)
      for (const stream of [child.stdout, child.stderr]) {
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => (output += chunk));
      }
    child.on('error', (err) => resolve({ status: 1, output: `${output}${String(err)}\n` }));
    child.on('close', (code, signal) => resolve({ status: code ?? signal ?? 1, output }));
  });
}

const failed = (name, status) => {
  console.error(`\n✗ ${name} failed (exit ${String(status)}).`);
  process.exit(typeof status === 'number' ? status : 1);
};

const started = Date.now();
for (const step of steps) {
  const t = Date.now();
  console.log(`\n=== ${step.name} ===`);
  if (step.jobs) {
    // A job with `after` starts once that job has passed (and is not run if it failed).
    const done = new Map();
    for (const job of step.jobs) {
      const before = job.after ? done.get(job.after) : Promise.resolve({ status: 0 });
      done.set(
        job.name,
        before.then(async (previous) => {
          if (previous.status !== 0) return { ...job, status: 0, skipped: true, output: '' };
          const s = Date.now();
          const r = await run(job.cmd, step.env ?? process.env, true);
          process.stdout.write(`\n--- ${job.name} ---\n${r.output}`);
          console.log(`${r.status === 0 ? '✓' : '✗'} ${job.name} (${seconds(Date.now() - s)})`);
          return { ...job, ...r };
        }),
      );
    }
    const results = await Promise.all(done.values());
    const bad = results.find((r) => r.status !== 0);
    if (bad) failed(bad.name, bad.status);
  } else {
    const r = await run(step.cmd, step.env ?? process.env, false);
    if (r.status !== 0) failed(step.name, r.status);
  }
  console.log(`✓ ${step.name} (${seconds(Date.now() - t)})`);
}
console.log(`\nAll checks passed in ${seconds(Date.now() - started)}.`);
