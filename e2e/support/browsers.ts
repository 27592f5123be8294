import { existsSync } from 'node:fs';

/** Debian's Chromium, the browser a person runs (`apt-get install -y chromium`). */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`): the same engine (Blink, V8, the
 * network stack, service workers) without the desktop browser around it, which Playwright itself
 * runs for headless tests. It costs the suite a quarter less CPU (decision 058). Its media stack
 * has no permission prompt, so the camera tests keep the full browser (support/camera-test.ts).
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The browser of the suite: `E2E_CHROMIUM` if set, else the headless shell when installed, else Chromium. */
export function suiteBrowser(): string {
  const chosen = process.env.E2E_CHROMIUM;
  if (chosen) return chosen;
  return existsSync(CHROMIUM_HEADLESS_SHELL) ? CHROMIUM_HEADLESS_SHELL : CHROMIUM;
}
