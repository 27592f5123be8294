import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { onlineManager } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { config as zodConfig } from 'zod/v4/core';
import { DeferredUpdatePrompt } from '../components/layout/deferred-update-prompt.tsx';
import { prefetchVerify } from '../features/auth/api/verify.ts';
import { queryClient } from '../lib/query-client.ts';
import { getToken } from '../lib/storage.ts';
import { afterLoadWhenIdle, whenIdle } from '../lib/when-idle.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter, whenRouterReady } from './router.tsx';

/** How long the first render waits for the copies kept on this phone. */
const RESTORE_WAIT_MS = 4000;

/** Starts the app in #root, replacing the page's static shell once the first screen is ready. */
export function startApp(container: HTMLElement): void {
  // The content security policy forbids eval: zod must not compile its parsers (nor probe for
  // eval, which the browser reports as a violation). Set before any schema is built.
  zodConfig({ jitless: true });
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
  const restored = Promise.race([
    keepSavedCopies(),
    new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS)),
  ]);
  // The router starts in the next task (its history, the first match and the screen's lazy import
  // are the largest part of the start): the requests above are on their way first, and no single
  // task holds the main thread for all of it (decision 031).
  setTimeout(() => renderApp(container, restored), 0);
}

function renderApp(container: HTMLElement, restored: Promise<unknown>): void {
  const router = createAppRouter(<DeferredUpdatePrompt />);
  // The first render waits for the first screen's code: the shell stays until the screen can
  // replace it (no loading skeleton flashing in between). As a transition, React renders it in
  // slices and lets the browser handle input between them, rather than in one long task.
  // The saved copies are back in the cache before the first render, read while the code loads.
  void Promise.all([whenRouterReady(router), restored]).then(() => {
    // The first commit clears the page's static login form: the entry holds it (main.tsx), so what
    // was typed into it is carried over.
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProvider queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProvider>
        </StrictMode>,
      ),
    );
    // Writes kept on this phone go out from here, whatever screen is open (issue 14); vehicles an
    // earlier version kept in its own offline list join them first. Loaded once the first screen
    // is drawn and the browser idle, not with the app: its schemas (zod) would compete with the
    // first screen's code, data and render (decisions 025, 027).
    whenIdle(() => {
      void Promise.all([
        import('../features/vehicles/utils/offline-vehicles.ts'),
        import('../lib/outbox/runner.ts'),
      ]).then(([cache, runner]) =>
        cache.adoptLegacyOfflineVehicles().finally(() => runner.startOutbox(queryClient)),
      );
    }, 2000);
  });
}

/**
 * The last copies of the lists (issue 14). Signed in: read back from IndexedDB alongside the first
 * screen's code, then kept up to date. Signed out (the /login page): nothing is restored, the code
 * loads once the page is idle, and what an earlier session left is deleted.
 */
function keepSavedCopies(): Promise<void> {
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
    return Promise.resolve();
  }
  return load()
    .then(async (copies) => {
      await copies.restoreSavedCopies(queryClient).catch((error: unknown) => {
        console.warn('Could not restore the copies kept on this phone', error);
      });
      copies.startSavingCopies(queryClient);
    })
    .catch((error: unknown) => console.warn('Could not load the saved copies', error));
}
