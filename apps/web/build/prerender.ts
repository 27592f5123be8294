/**
 * Pages prerendered at build time (decision 026): the login screen's static HTML in place of the
 * loading shell of index.html, written as login.html; the server sends it for /login (see the
 * `html` of route-preloads.json). Rendered with Vite's SSR loader from src/app/prerender.tsx.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { SCREENS } from '../src/app/route-table.ts';
import { AFTER_PAINT_META } from '../src/preload-after-paint.ts';
import { preloadFiles, type Manifest } from './route-chunks.ts';

/** URL pattern of the route table → the page written for it. */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = { '/login': 'login.html' };

const ROOT_ELEMENT = /(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/;

/**
 * index.html with the content of #root (the loading shell) replaced by `markup`, and the screen's
 * chunks named in a meta element: the entry preloads them once the page has painted (a preload link
 * would start them before the first paint, and Lighthouse then counts them as delaying the LCP).
 */
export function withRootContent(
  indexHtml: string,
  markup: string,
  afterPaint: readonly string[] = [],
): string {
  if (!ROOT_ELEMENT.test(indexHtml)) throw new Error('prerender: no <div id="root"> before </body>');
  const meta = `<meta name="${AFTER_PAINT_META}" content="${afterPaint.join(' ')}">`;
  return indexHtml
    .replace(ROOT_ELEMENT, (_match, open: string, close: string) => `${open}${markup}${close}`)
    .replace('</head>', afterPaint.length ? `${meta}</head>` : '</head>');
}

interface PrerenderModule {
  renderLoginScreen: () => string;
}

function isPrerenderModule(value: unknown): value is PrerenderModule {
  return typeof value === 'object' && value !== null && 'renderLoginScreen' in value;
}

/** Renders in Node as a phone would see it (the login form's hint for mobile devices included). */
async function renderLogin(root: string): Promise<string> {
  const hadNavigator = 'navigator' in globalThis;
  const saved: unknown = Reflect.get(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: 'Mozilla/5.0 (Linux; Android 11) Mobile', maxTouchPoints: 5 },
    configurable: true,
    writable: true,
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
    if (!isPrerenderModule(loaded))
      throw new Error('prerender: src/app/prerender.tsx has no renderLoginScreen');
    return loaded.renderLoginScreen();
  } finally {
    await server.close();
    if (hadNavigator) Object.defineProperty(globalThis, 'navigator', { value: saved, configurable: true });
    else Reflect.deleteProperty(globalThis, 'navigator');
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
      const screen = SCREENS.find((s) => s.path === '/login');
      if (!screen) throw new Error('prerender: no /login in the route table');
      const chunks = preloadFiles(manifest, screen).map((f) => `/${f}`);
      const login = await renderLogin(root);
      await writeFile(path.join(dir, 'login.html'), withRootContent(index, login, chunks));
    },
  };
}
