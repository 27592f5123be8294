import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { onlineManager } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { config as zodConfig } from 'zod/v4/core';
import { DeferredUpdatePrompt } from '../components/layout/deferred-update-prompt.tsx';
import { prefetchVerify } from '../features/auth/api/verify.ts';
import { holdRefreshesUntil } from '../lib/offline/restore-gate.ts';
import { finishHydration, isPrerenderedFor, prepareHydration } from '../lib/prerendered-page.ts';
import { queryClient } from '../lib/query-client.ts';
import { getToken } from '../lib/storage.ts';
import { afterLoadWhenIdle, whenIdle } from '../lib/when-idle.ts';
import { appElement } from './app-element.tsx';
import { wireRefresh } from './refresh-wiring.ts';
import { createAppRouter, whenRouterReady } from './router.tsx';

/** How long the first render waits for the copies kept on this phone. */
const RESTORE_WAIT_MS = 4000;

type ApplyCopies = () => void;

/** Starts the app in #root: hydrating the page's prerendered screen, or replacing its static shell. */
export function startApp(container: HTMLElement): void {
  // The content security policy forbids eval: zod must not compile its parsers (nor probe for
  // eval, which the browser reports as a violation). Set before any schema is built.
  zodConfig({ jitless: true });
  // What refreshes after a write, before any screen can make one (decision 044).
  wireRefresh(queryClient);
  // A stored session is verified while the first screen's code loads, not after.
  prefetchVerify(queryClient);
  // Ask the browser not to evict what waits to be sent (nor the last copies) under storage pressure.
  // (navigator.storage is missing outside a secure context, whatever the DOM types say.)
  if ('storage' in navigator) void navigator.storage.persist().catch(() => false);
  // A phone that opens the app with no network at all: queries wait ('paused') instead of failing,
  // and go out by themselves when the connection returns.
  if (!navigator.onLine) onlineManager.setOnline(false);
  // Never more than a moment: a blocked IndexedDB must not keep the app from starting (copies
  // that arrive later still fill the cache).
  const reading = readSavedCopies();
  const read = Promise.race([
    reading,
    new Promise<ApplyCopies>((resolve) =>
      setTimeout(() => resolve(() => void reading.then((apply) => apply())), RESTORE_WAIT_MS),
    ),
  ]);
  // The router starts in the next task (its history, the first match and the screen's lazy import
  // are the largest part of the start): the requests above are on their way first, and no single
  // task holds the main thread for all of it (decision 031).
  setTimeout(() => renderApp(container, read), 0);
}

function renderApp(container: HTMLElement, read: Promise<ApplyCopies>): void {
  const router = createAppRouter(<DeferredUpdatePrompt />);
  const hydrate = isPrerenderedFor(container, window.location.pathname, window.location.search);
  if (hydrate) {
    // The page's screen is hydrated as it was drawn, without data; the saved copies go into the
    // cache once it is the app's, and a list refresh waits for them (it then asks for a delta).
    let restored: () => void = () => undefined;
    holdRefreshesUntil(new Promise<void>((resolve) => (restored = resolve)));
    let finished = false;
    const onCommit = () => {
      if (finished) return;
      finished = true;
      finishHydration(container);
      void read.then((apply) => apply()).finally(restored);
      startOutboxWhenIdle();
    };
    void whenRouterReady(router).then(() => {
      prepareHydration(container);
      // As a transition: React hydrates in slices, and input between them makes it finish at once.
      startTransition(() => {
        hydrateRoot(container, appElement(queryClient, <RouterProvider router={router} />, onCommit), {
          onRecoverableError: (error) =>
            console.warn('toolkit: the prerendered page could not be hydrated and was drawn again', error),
        });
      });
    });
    return;
  }
  // The first render waits for the first screen's code: the shell stays until the screen can
  // replace it (no loading skeleton flashing in between). As a transition, React renders it in
  // slices and lets the browser handle input between them, rather than in one long task.
  // The saved copies are back in the cache before the first render, read while the code loads.
  void Promise.all([whenRouterReady(router), read.then((apply) => apply())]).then(() => {
    const root = createRoot(container);
    startTransition(() => root.render(appElement(queryClient, <RouterProvider router={router} />)));
    startOutboxWhenIdle();
  });
}

/**
 * Writes kept on this phone go out from here, whatever screen is open (issue 14); vehicles an
 * earlier version kept in its own offline list join them first. Loaded once the first screen is
 * drawn and the browser idle, not with the app: its schemas (zod) would compete with the first
 * screen's code, data and render (decisions 025, 027).
 */
function startOutboxWhenIdle(): void {
  whenIdle(() => {
    void Promise.all([
      import('../features/vehicles/utils/offline-vehicles.ts'),
      import('../lib/outbox/runner.ts'),
    ]).then(([cache, runner]) => cache.adoptLegacyOfflineVehicles().finally(() => runner.startOutbox()));
  }, 2000);
}

/**
 * The last copies of the lists (issue 14). Signed in: read back from IndexedDB alongside the first
 * screen's code, put into the cache (the returned function), then kept up to date. Signed out (the
 * /login page): nothing is restored, the code loads once the page is idle, and what an earlier
 * session left is deleted.
 */
function readSavedCopies(): Promise<ApplyCopies> {
  const load = () => import('../lib/offline/saved-copies.ts');
  if (getToken() === null) {
    const startedAt = Date.now();
    afterLoadWhenIdle(() => {
      void load()
        .then(async (copies) => {
          // Someone may have signed in by now: only what was saved before this page goes.
          await copies.clearSavedCopies(startedAt);
          copies.startSavingCopies(queryClient);
        })
        .catch((error: unknown) => console.warn('Could not start keeping copies', error));
    });
    return Promise.resolve(() => undefined);
  }
  return load().then(
    async (copies) => {
      const read = await copies.readSavedCopies().catch((error: unknown) => {
        console.warn('Could not restore the copies kept on this phone', error);
        return null;
      });
      return () => {
        read?.applyTo(queryClient);
        copies.startSavingCopies(queryClient);
      };
    },
    (error: unknown) => {
      console.warn('Could not load the saved copies', error);
      return () => undefined;
    },
  );
}
