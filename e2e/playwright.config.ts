import { defineConfig, devices } from '@playwright/test';
import { suiteBrowser } from './support/browsers.ts';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const launchOptions = { executablePath: suiteBrowser(), args: CHROMIUM_ARGS };

/**
 * End-to-end tests against the real server (built-in fleet simulator) serving apps/web/dist, which
 * `npm run build` produces first. global-setup.ts starts the server on a free port with a fresh
 * data directory; the fixtures point every test at it. traccar-installer.spec.ts starts its own
 * Traccar stand-in and a server with FLEET_PROVIDER=traccar (support/traccar-test.ts).
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
    // A trace costs a fifth of the suite's CPU (a screencast and a DOM snapshot per action) and is
    // lost with a CI machine's disk: off unless asked for. A failure still leaves the page's ARIA
    // snapshot (error-context.md). E2E_TRACE=1 keeps a trace of each failing test.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'phone',
      // The supervisor's campaign board is a wide-screen screen: it runs on the 'wide' project only.
      testIgnore: /\/campaigns-supervisor\.spec\.ts$/,
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
      // The product is used on phones: every journey runs on the phone project. The desktop project
      // runs only the tests tagged @desktop, those whose layout or storage differs on a wide screen
      // (remember-me and its hint, the agency list, the header's back button, the overview counts of
      // a large agency and its quick assignment, the devices table) and the whole installation on
      // one bus as a smoke test; the rest would only repeat the phone run on a 2-core machine
      // (decision 052).
      testMatch: /\/(auth|clients|navigation|overview|devices-list|workspace)\.spec\.ts$/,
      grep: /@desktop/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        browserName: 'chromium',
        launchOptions,
      },
    },
    {
      name: 'wide',
      testMatch: /\/campaigns-supervisor\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        browserName: 'chromium',
        launchOptions,
      },
    },
  ],
});
