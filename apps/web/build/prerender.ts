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
import { HELD_FORM_GLOBAL, PRERENDERED_ATTRIBUTE } from '../src/lib/prerendered-form.ts';
import { PRERENDERED_PAGE_ATTRIBUTE } from '../src/lib/prerendered-page.ts';
import { AFTER_PAINT_META } from '../src/preload-after-paint.ts';
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
 * chunks named in a meta element: the entry preloads them once the page has painted (a preload link
 * would start them before the first paint, and Lighthouse then counts them as delaying the LCP).
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

/**
 * Pages whose first paint needs no script (decision 056): their entry is loaded by a small inline
 * script once the page has painted, not by a script element the browser fetches alongside the
 * stylesheet. The sign-in form works meanwhile: what is typed stays in its fields, and the same
 * inline script ticks its checkbox on a tap and keeps a press on Sign in for the app (heldFormScript).
 */
export const ENTRY_AFTER_PAINT: ReadonlySet<string> = new Set(['/login']);

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/;

/**
 * The inline script that loads the entry at `src` once the browser has recorded the page's first
 * contentful paint, or 300 ms after its first frame (no paint timing, or nothing contentful), as
 * src/first-paint.ts does for the app. Plain ES5: it runs before anything is loaded. The server
 * allows it in the page's Content-Security-Policy by its SHA-256.
 */
export function entryLoader(src: string): string {
  return (
    `(function(){var d=!1,s=function(){if(d)return;d=!0;var e=document.createElement('script');` +
    `e.type='module';e.crossOrigin='';e.src=${JSON.stringify(src)};document.head.appendChild(e)};` +
    `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(s,0)})` +
    `.observe({type:'paint',buffered:!0})}catch(x){}requestAnimationFrame(function(){setTimeout(s,300)})})()`
  );
}

/**
 * The inline script that holds the page's static form from its first paint until the entry runs
 * and takes over (src/lib/prerendered-form.ts reads what it kept from `window[HELD_FORM_GLOBAL]`):
 * Sign in is enabled, a tap on a checkbox ticks it, and a sending is kept for the app, not done by
 * the browser. Without it, a tap in the time the entry takes to arrive on a slow phone was lost.
 * Plain ES5, like the loader it comes with.
 */
export function heldFormScript(): string {
  return (
    `(function(){var h=window[${JSON.stringify(HELD_FORM_GLOBAL)}]={taps:[],sent:!1,done:!1},` +
    `f=document.querySelector('form[${PRERENDERED_ATTRIBUTE}]');if(!f)return;` +
    `var b=f.querySelector('button[type="submit"]');if(b)b.removeAttribute('disabled');` +
    `f.addEventListener('click',function(e){if(h.done)return;var x=e.target;` +
    `x=x&&x.closest?x.closest('[role="checkbox"]'):null;if(!x||!f.contains(x))return;` +
    `var c=x.getAttribute('aria-checked')==='true',i=0;while(i<h.taps.length&&h.taps[i][0]!==x)i++;` +
    `if(i===h.taps.length)h.taps.push([x,c]);x.setAttribute('aria-checked',String(!c));` +
    `x.setAttribute('data-state',c?'unchecked':'checked')},!0);` +
    `f.addEventListener('submit',function(e){if(h.done)return;e.preventDefault();h.sent=!0},!0)})()`
  );
}

/**
 * `html` with its entry's script element replaced by the inline loader, at the end of the body, after
 * the script that holds the form until then.
 */
export function withEntryAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry?.[1]) throw new Error('prerender: no entry script to load after the paint');
  return html
    .replace(entry[0], '')
    .replace('</body>', `<script>${heldFormScript()};${entryLoader(entry[1])}</script></body>`);
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
        await writeFile(
          path.join(dir, file),
          ENTRY_AFTER_PAINT.has(route) ? withEntryAfterPaint(html) : html,
        );
      }
    },
  };
}
