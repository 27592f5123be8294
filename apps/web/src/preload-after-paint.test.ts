import { afterEach, describe, expect, it } from 'vitest';
import { AFTER_PAINT_META, preloadAfterPaint } from './preload-after-paint.ts';

describe('preloadAfterPaint', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('preloads the chunks a prerendered page names, and nothing else', () => {
    const meta = document.createElement('meta');
    meta.name = AFTER_PAINT_META;
    meta.content = '/assets/app-1.js /assets/login-2.js https://elsewhere.example/x.js';
    document.head.append(meta);
    preloadAfterPaint();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/app-1.js', '/assets/login-2.js']);
  });

  it('does nothing on a page without the list', () => {
    preloadAfterPaint();
    expect(document.head.querySelector('link')).toBeNull();
  });
});
