import { describe, expect, it } from 'vitest';
import { SCREENS } from '../src/app/route-table.ts';
import { PRERENDERED_PAGES, withInlineStylesheets, withRootContent } from './prerender.ts';

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

describe('withInlineStylesheets', () => {
  const page =
    '<head><script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-2.css">\n</head><body></body>';

  it('puts the stylesheet in the page in place of its link, and leaves the rest as it was', () => {
    const read: string[] = [];
    const inlined = withInlineStylesheets(page, (href) => {
      read.push(href);
      return '.a{color:red}';
    });
    expect(read).toEqual(['/assets/index-2.css']);
    expect(inlined).toBe(
      '<head><script type="module" crossorigin src="/assets/index-1.js"></script>\n    <style data-inlined-from="/assets/index-2.css">.a{color:red}</style>\n</head><body></body>',
    );
    expect(inlined).not.toContain('rel="stylesheet"');
  });

  it('refuses a stylesheet that would end the style element early', () => {
    expect(() => withInlineStylesheets(page, () => '.a{content:"</style><script>"}')).toThrow(
      'cannot be inlined',
    );
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
