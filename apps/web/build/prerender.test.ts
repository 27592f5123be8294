import { describe, expect, it } from 'vitest';
import { SCREENS } from '../src/app/route-table.ts';
import { entryLoader, heldFormScript, withEntryAfterPaint } from './entry-after-paint.ts';
import { PRERENDERED_PAGES, withRootContent } from './prerender.ts';

describe('withRootContent', () => {
  it('puts the markup in place of the loading shell, keeping the rest of the page', () => {
    const index =
      '<html><head><script type="module" src="/a.js"></script></head><body>\n<div id="root">\n<div role="status"><p>Loading</p></div>\n</div>\n</body></html>';
    expect(withRootContent(index, '<main>Sign in</main>')).toBe(
      '<html><head><script type="module" src="/a.js"></script></head><body>\n<div id="root"><main>Sign in</main></div>\n</body></html>',
    );
  });

  it('names the chunks to preload once painted in a meta element', () => {
    const page = withRootContent('<head></head><body><div id="root"></div></body>', '<main></main>', [
      '/assets/app-1.js',
      '/assets/login-2.js',
    ]);
    expect(page).toContain(
      '<meta name="toolkit:preload-after-paint" content="/assets/app-1.js /assets/login-2.js"></head>',
    );
  });

  it('refuses a page without #root', () => {
    expect(() => withRootContent('<html><body></body></html>', 'x')).toThrow('no <div id="root">');
  });
});

describe('PRERENDERED_PAGES', () => {
  it('names a page for the login and the main signed-in screens of the route table', () => {
    for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
      expect(
        SCREENS.some((s) => s.path === route),
        route,
      ).toBe(true);
      expect(file).toMatch(/^[\w-]+\.html$/);
    }
    expect(Object.keys(PRERENDERED_PAGES)).toEqual([
      '/login',
      '/clients',
      '/overview',
      '/vehicles',
      '/devices',
      '/dashboard',
    ]);
  });
});

describe('withEntryAfterPaint', () => {
  const page =
    '<html><head><script type="module" crossorigin src="/assets/index-Ab_1.js"></script>\n' +
    '<link rel="stylesheet" crossorigin href="/assets/index-X.css"></head><body><div id="root"></div></body></html>';

  it('takes the entry out of the head and loads it from the end of the body, after the paint', () => {
    const html = withEntryAfterPaint(page);
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-X.css">');
    expect(html).toMatch(/<div id="root"><\/div><script>\(function\(\)\{.*\}\)\(\)<\/script><\/body>/);
    expect(html).toContain(`<script>${entryLoader('/assets/index-Ab_1.js')}</script>`);
    expect(entryLoader('/assets/index-Ab_1.js')).toContain('first-contentful-paint');
  });

  it('refuses a page without its entry', () => {
    expect(() => withEntryAfterPaint('<html><body></body></html>')).toThrow('no entry script');
  });

  it('holds a prerendered form only where the page has one', () => {
    const login = page.replace(
      '<div id="root"></div>',
      '<div id="root"><form data-prerendered="" class="grid"></form></div>',
    );
    expect(withEntryAfterPaint(login)).toContain(
      `<script>${heldFormScript()};${entryLoader('/assets/index-Ab_1.js')}</script>`,
    );
    expect(withEntryAfterPaint(page)).toContain(`<script>${entryLoader('/assets/index-Ab_1.js')}</script>`);
    expect(withEntryAfterPaint(page)).not.toContain(heldFormScript());
  });
});
