import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
        },
      },
      ...(existsSync('apps/web/vite.config.ts') ? ['apps/web/vite.config.ts'] : []),
    ],
  },
});
