import type { Browser } from '@playwright/test';
import { expect, openSignedIn, test as base, type Page } from '../fixtures.ts';
import { CHROMIUM } from './browsers.ts';
import { fakeCameraArgs } from './fake-camera.ts';

/**
 * Tests with a camera. Chromium takes its fake camera from launch flags and Playwright launches
 * one browser per worker, so `filming(video)` launches a browser of the test's own (the project's
 * settings plus a fake camera filming `video`, or Chromium's test pattern without one; the camera
 * permission refused when `denied`), signs in
 * there as demo and returns the page on /clients. Always Debian's full Chromium: the headless
 * shell has no permission prompt, and answers every camera request "not supported" without the
 * flag that grants it (decision 058).
 */
export const test = base.extend<{
  filming: (video?: string, options?: { denied?: boolean }) => Promise<Page>;
}>({
  filming: async (
    {
      playwright,
      launchOptions,
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      userAgent,
      deviceScaleFactor,
      demoToken,
    },
    use,
  ) => {
    const browsers: Browser[] = [];
    await use(async (video, options) => {
      const browser = await playwright.chromium.launch({
        ...launchOptions,
        executablePath: CHROMIUM,
        args: [...(launchOptions.args ?? []), ...fakeCameraArgs(video, options)],
      });
      browsers.push(browser);
      const context = await browser.newContext({
        baseURL,
        viewport,
        isMobile,
        hasTouch,
        userAgent,
        deviceScaleFactor,
        serviceWorkers: 'block',
      });
      // As the page fixture: the tour's completion marker, so the tour covers no screen.
      await context.addInitScript(() => localStorage.setItem('tourCompleted', 'true'));
      const page = await context.newPage();
      await openSignedIn(page, demoToken, '/clients');
      await expect(page.getByRole('heading', { name: 'Select Client' })).toBeVisible();
      return page;
    });
    for (const browser of browsers) await browser.close();
  },
});
