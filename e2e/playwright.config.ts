import { defineConfig, devices } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const launchOptions = { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS };

/**
 * End-to-end tests against the real server (built-in fleet simulator) serving apps/web/dist, which
 * `npm run build` produces first. global-setup.ts starts the server on a free port with a fresh
 * data directory; the fixtures point every test at it.
 */
export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  // Generous waits: the suite shares a 2-core machine with the server (and its password hashing).
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    // Service workers only where a test asks for them (offline.spec.ts), so that no cached app
    // shell answers for the server elsewhere.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        browserName: 'chromium',
        launchOptions,
      },
    },
    {
      name: 'desktop',
      // Phone-only checks (issue 16): first screen, tap targets, a 360 px header.
      testIgnore: /field-ready\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        browserName: 'chromium',
        launchOptions,
      },
    },
  ],
});
