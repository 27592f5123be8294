import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, while
    // its main process is nearly idle. Two keep both cores busy (decision 047).
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // The lint rules' probes (scripts/lint-probes): each must fail lint.
          name: 'tooling',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          // Files that need a PostgreSQL server of their own (several processes on one database) are
          // run only by the PostgreSQL pass (TEST_DATABASE_URL), never skipped in the PGlite one.
          include: [
            'apps/server/**/*.test.ts',
            ...(process.env.TEST_DATABASE_URL ? ['apps/server/**/*.pg-test.ts'] : []),
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph per worker, not per file (decision 047): loading the app's modules again
          // for each of 70 files was a fifth of the server tests' time. Every file builds its own
          // app on its own database; no server test replaces a module, an env var or the clock.
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      ...(existsSync('apps/web/vite.config.ts')
        ? [
            {
              extends: 'apps/web/vite.config.ts',
              test: {
                name: 'web',
                root: 'apps/web',
                include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
                exclude: ['**/node_modules/**', '**/*.mocked.test.{ts,tsx}'],
                // One jsdom and one module graph per worker, not per file (decision 047): setting
                // jsdom up and loading React again for each of 90 files was three quarters of the
                // web tests' time. The setup file puts shared state back after every test.
                isolate: false,
              },
            },
            {
              // Web test files that replace a module (vi.mock): each in a fresh module graph.
              extends: 'apps/web/vite.config.ts',
              test: { name: 'web-mocked', root: 'apps/web', include: ['src/**/*.mocked.test.{ts,tsx}'] },
            },
          ]
        : []),
    ],
  },
});
