import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { loadsUnderWay } from './src/lib/lazy-module.ts';
import { clearOutbox } from './src/lib/outbox/outbox.ts';
import { resetPrerenderedForm } from './src/lib/prerendered-form.ts';
import { clearSession } from './src/lib/storage.ts';
import { clearToasts } from './src/lib/toast-store.ts';
import { setCurrentUser } from './src/features/auth/session-store.ts';
import { installIdbStore } from './src/test/idb-store.ts';

// findBy…/waitFor wait as long as a loaded 2-core machine may take to load a lazy part (the toaster,
// a dialog); a passing wait ends as soon as its element is there.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no IndexedDB: every test file gets the in-memory stand-in for 'idb-keyval' (the outbox
// and the local caches write there), emptied after each test.
vi.mock('idb-keyval', async () => (await import('./src/test/idb-store.ts')).idbKeyvalMock);
installIdbStore();
// The outbox's in-memory copy follows the emptied store.
afterEach(() => clearOutbox());

// jsdom has no layout: Radix measures elements with ResizeObserver, which it does not provide.
class ResizeObserverStub implements ResizeObserver {
  observe(): void {
    /* no layout in jsdom */
  }
  unobserve(): void {
    /* no layout in jsdom */
  }
  disconnect(): void {
    /* no layout in jsdom */
  }
}
if (!('ResizeObserver' in globalThis)) globalThis.ResizeObserver = ResizeObserverStub;

afterEach(() => {
  cleanup();
  // What a test put in the page itself (a prerendered page, a portal left open) goes too: the next
  // file in this worker starts from an empty page.
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
  resetPrerenderedForm();
  // The session held in memory too (a browser that refuses storage), and the signed-in user.
  clearSession();
  setCurrentUser(null);
  localStorage.clear();
  sessionStorage.clear();
});

// A part a test started loading (a dialog preloaded on intent) is in before the file ends: one
// still loading when its worker's page is torn down failed the next file that imports the same module.
afterAll(() => loadsUnderWay());
