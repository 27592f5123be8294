import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_META, PRELOADS_PER_TASK, preloadAfterPaint } from '../src/preload-after-paint.ts';
import { entryLoader } from './entry-after-paint.ts';

const ENTRY = '/assets/index-Ab_1.js';
const CHUNKS = Array.from({ length: 11 }, (_, i) => `/assets/chunk-${String(i)}.js`);

/** The browser's paint entries, delivered to the observer the loader makes. */
let paint: (() => void) | null = null;
class PaintObserver {
  constructor(
    private readonly onEntries: (list: { getEntriesByName: (name: string) => unknown[] }) => void,
  ) {}
  observe() {
    paint = () =>
      this.onEntries({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
  }
}

const entryScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')];
const preloaded = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute('href'),
  );

beforeEach(() => {
  vi.useFakeTimers();
  paint = null;
  document.head.innerHTML = `<meta name="${AFTER_PAINT_META}" content="${CHUNKS.join(' ')}">`;
  document.body.innerHTML = '<div id="root"><h1>Devices</h1></div>';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the prerendered page’s entry loader', () => {
  it('loads nothing before the first contentful paint, then the entry with the first chunks, once', () => {
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    // Run as the page runs it, in the test's global (a <script> element would run in jsdom's inner one).
    runInThisContext(entryLoader(ENTRY));
    vi.advanceTimersByTime(100);
    expect(entryScripts()).toHaveLength(0);
    expect(preloaded()).toEqual([]);

    paint?.();
    vi.advanceTimersByTime(0);
    expect(entryScripts().map((s) => s.getAttribute('src'))).toEqual([ENTRY]);
    expect(preloaded()).toEqual(CHUNKS.slice(0, PRELOADS_PER_TASK));

    // The fallback after the first frame finds it done; the entry preloads the rest, and only the rest.
    vi.advanceTimersByTime(1000);
    expect(entryScripts()).toHaveLength(1);
    preloadAfterPaint(document, (next) => next());
    expect(preloaded()).toEqual(CHUNKS);
  });

  it('without paint timing, loads the entry 300 ms after the first frame', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    runInThisContext(entryLoader(ENTRY));
    vi.advanceTimersByTime(16);
    expect(entryScripts()).toHaveLength(0);
    vi.advanceTimersByTime(300);
    expect(entryScripts()).toHaveLength(1);
  });

  it('loads the entry alone on a page that names no chunks', () => {
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    document.head.innerHTML = '';
    runInThisContext(entryLoader(ENTRY));
    paint?.();
    vi.advanceTimersByTime(0);
    expect(entryScripts()).toHaveLength(1);
    expect(preloaded()).toEqual([]);
  });
});
