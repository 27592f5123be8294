import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearOutbox } from './src/lib/outbox/outbox.ts';
import { installIdbStore } from './src/test/idb-store.ts';

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
  localStorage.clear();
  sessionStorage.clear();
});
