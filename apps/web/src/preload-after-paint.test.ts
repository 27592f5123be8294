import { afterEach, describe, expect, it } from 'vitest';
import { AFTER_PAINT_META, PRELOADS_PER_TASK, preloadAfterPaint } from './preload-after-paint.ts';

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute('href'),
  );

function nameChunks(content: string): void {
  const meta = document.createElement('meta');
  meta.name = AFTER_PAINT_META;
  meta.content = content;
  document.head.append(meta);
}

describe('preloadAfterPaint', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('preloads the chunks a prerendered page names, and nothing else', () => {
    nameChunks('/assets/app-1.js /assets/login-2.js https://elsewhere.example/x.js');
    preloadAfterPaint();
    expect(preloaded()).toEqual(['/assets/app-1.js', '/assets/login-2.js']);
  });

  it('does nothing on a page without the list', () => {
    preloadAfterPaint();
    expect(document.head.querySelector('link')).toBeNull();
  });

  it('starts a long list a few at a time, one group per task, in the order given', () => {
    const chunks = Array.from({ length: 2 * PRELOADS_PER_TASK + 3 }, (_, i) => `/assets/c${String(i)}.js`);
    nameChunks(chunks.join(' '));
    const later: (() => void)[] = [];
    preloadAfterPaint(document, (next) => later.push(next));
    expect(preloaded()).toEqual(chunks.slice(0, PRELOADS_PER_TASK));
    later.shift()?.();
    expect(preloaded()).toEqual(chunks.slice(0, 2 * PRELOADS_PER_TASK));
    later.shift()?.();
    expect(preloaded()).toEqual(chunks);
    expect(later).toHaveLength(0);
  });

  it('preloads every chunk of the list on its own, without being driven', async () => {
    const chunks = Array.from({ length: 3 * PRELOADS_PER_TASK }, (_, i) => `/assets/c${String(i)}.js`);
    nameChunks(chunks.join(' '));
    preloadAfterPaint();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(preloaded()).toEqual(chunks);
  });
});
