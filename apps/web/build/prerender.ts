/**
 * Pages prerendered at build time (decisions 026, 030): the login screen's static HTML, and the app
 * shells of the main signed-in screens (frame and screen as they look while their data loads), each
 * in place of the loading shell of index.html, written as login.html, clients.html, ...; the server
 * sends each for its route (see the `html` of route-preloads.json). Rendered with Vite's SSR loader
 * from src/app/prerender.tsx.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { SCREENS } from '../src/app/route-table.ts';
import { PRERENDERED_PAGE_ATTRIBUTE } from '../src/lib/prerendered-page.ts';
import { AFTER_PAINT_META } from '../src/preload-after-paint.ts';
import { withEntryAfterPaint } from './entry-after-paint.ts';
import { preloadFiles, type Manifest } from './route-chunks.ts';

/**
 * URL pattern of the route table → the page written for it. Only screens whose largest first text
 * is in their shell (decisions 030, 031, 053): a screen whose largest text came with the data would
 * only have its code delayed (it loads after the paint). /devices draws its heading and toolbar
 * while the list loads, and nothing the list brings is larger than its heading.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/login': 'login.html',
  '/clients': 'clients.html',
  '/overview': 'overview.html',
  '/vehicles': 'vehicles.html',
  '/devices': 'devices.html',
  '/dashboard': 'dashboard.html',
};

const ROOT_ELEMENT = /(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/;

/**
 * index.html with the content of #root (the loading shell) replaced by `markup`, and the screen's
 * chunks named in a meta element: the page's loader and the entry preload them once the page has
 * painted (decision 061; a preload link would start them before the first paint, and Lighthouse then
 * counts them as delaying the LCP).
 */
export function withRootContent(
  indexHtml: string,
  markup: string,
  afterPaint: readonly string[] = [],
  route?: string,
): string {
  if (!ROOT_ELEMENT.test(indexHtml)) throw new Error('prerender: no <div id="root"> before </body>');
  const meta = `<meta name="${AFTER_PAINT_META}" content="${afterPaint.join(' ')}">`;
  // The route the markup was rendered for: the app hydrates it there, and only there (decision 034).
  const marker = route === undefined ? '' : ` ${PRERENDERED_PAGE_ATTRIBUTE}="${route}"`;
  return indexHtml
    .replace(
      ROOT_ELEMENT,
      (_match, open: string, close: string) => `${open.replace('>', `${marker}>`)}${markup}${close}`,
    )
    .replace('</head>', afterPaint.length ? `${meta}</head>` : '</head>');
}

interface PrerenderModule {
  renderPage: (path: string) => Promise<string>;
}

function isPrerenderModule(value: unknown): value is PrerenderModule {
  return typeof value === 'object' && value !== null && 'renderPage' in value;
}

/** A Web Storage in memory: the app's storage module reads the (empty) session of the build. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** Sets globals for the render, and gives back a function that puts the old ones back. */
function withGlobals(values: Record<string, unknown>): () => void {
  const restore = Object.keys(values).map((name) => {
    const had = name in globalThis;
    const saved: unknown = Reflect.get(globalThis, name);
    Object.defineProperty(globalThis, name, { value: values[name], configurable: true, writable: true });
    return () => {
      if (had) Object.defineProperty(globalThis, name, { value: saved, configurable: true, writable: true });
      else Reflect.deleteProperty(globalThis, name);
    };
  });
  return () => {
    for (const undo of restore) undo();
  };
}

/**
 * Renders the pages in Node as a phone would see them (the login form's hint for mobile devices
 * included), with an empty storage: no session, nothing selected.
 */
async function renderPages(root: string, paths: readonly string[]): Promise<Map<string, string>> {
  const restore = withGlobals({
    navigator: { userAgent: 'Mozilla/5.0 (Linux; Android 11) Mobile', maxTouchPoints: 5, onLine: true },
    window: { localStorage: memoryStorage(), sessionStorage: memoryStorage() },
  });
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    plugins: [react()],
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const loaded = await server.ssrLoadModule('/src/app/prerender.tsx');
    if (!isPrerenderModule(loaded)) throw new Error('prerender: src/app/prerender.tsx has no renderPage');
    const pages = new Map<string, string>();
    for (const p of paths) pages.set(p, await loaded.renderPage(p));
    return pages;
  } finally {
    await server.close();
    restore();
  }
}

export function prerenderPages(): Plugin {
  let root = '';
  return {
    name: 'toolkit:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      const index = await readFile(path.join(dir, 'index.html'), 'utf8');
      const manifest = JSON.parse(await readFile(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const pages = await renderPages(root, Object.keys(PRERENDERED_PAGES));
      for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
        const screen = SCREENS.find((s) => s.path === route);
        const markup = pages.get(route);
        if (!screen || markup === undefined) throw new Error(`prerender: no ${route} in the route table`);
        const chunks = preloadFiles(manifest, screen).map((f) => `/${f}`);
        const html = withRootContent(index, markup, chunks, route);
        // Its entry loads once it has painted (decisions 056, 061).
        await writeFile(path.join(dir, file), withEntryAfterPaint(html));
      }
    },
  };
}
