import { defineConfig } from '@playwright/test';
import base from '../playwright.config.ts';

/**
 * Runs e2e/vehicles.spec.ts, which sits beside specs/ rather than in it: the shared config's testDir
 * is ./specs. Same server, projects and options; only the test location and output differ.
 * Usage (after `npm run build`): npx playwright test -c e2e/vehicles/playwright.config.ts
 */
export default defineConfig({
  ...base,
  testDir: '..',
  testMatch: 'vehicles.spec.ts',
  globalSetup: '../global-setup.ts',
  outputDir: '../../test-results/e2e-vehicles',
});
