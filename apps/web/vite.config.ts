import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { PRERENDERED_PAGES, prerenderPages } from './build/prerender.ts';
import { preloadFiles, type Manifest } from './build/route-chunks.ts';
import { SCREENS } from './src/app/route-table.ts';

const THEME_COLOR = '#0b3d91';
const SRC = path.join(import.meta.dirname, 'src');
const PRECOMPRESSED = /\.(js|css|svg|json|webmanifest)$/;
/** What the tiny entry (main.tsx) starts once the page's shell is painted: the app itself. */
const APP_START = 'app/start.tsx';

/**
 * One chunk for the app (start-up, router, React, query client): every screen needs all of it. Only
 * the app's own modules are walked (a package's barrel file imports every part of it; virtual
 * modules such as Vite's preload helper stay with the entry); the packages they use follow them.
 * Everything else is split automatically: a screen loads only the chunks it reaches (grouping the
 * first screens made every screen that shared a Radix primitive with /login load react-hook-form,
 * decision 025).
 */
function chunkByRoot(): Rolldown.CodeSplittingNameFunction {
  let app: Set<string> | null = null;
  const reachable = (root: string, ctx: Rolldown.ChunkingContext) => {
    const found = new Set<string>();
    const stack = [path.join(SRC, root)];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (found.has(next) || next.includes('/node_modules/') || next.startsWith('\0')) continue;
      found.add(next);
      stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
    return found;
  };
  return (id, ctx) => {
    app ??= reachable(APP_START, ctx);
    return app.has(id) ? 'app' : null;
  };
}

/**
 * `.vite/route-preloads.json`: for each URL pattern of the route table, the chunks its screen needs
 * beyond the entry, read from Vite's manifest (build/route-chunks.ts). The server adds them to the
 * page as modulepreload links, so that they load alongside the entry instead of after it.
 */
function routePreloads(): Plugin {
  return {
    name: 'toolkit:route-preloads',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      const manifest = JSON.parse(await readFile(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const routes = SCREENS.map((screen) => ({
        path: screen.path,
        // A prerendered page preloads its chunks itself, once painted (build/prerender.ts).
        ...(PRERENDERED_PAGES[screen.path]
          ? { html: PRERENDERED_PAGES[screen.path], preload: [] }
          : { preload: preloadFiles(manifest, screen).map((f) => `/${f}`) }),
      }));
      await writeFile(
        path.join(dir, '.vite/route-preloads.json'),
        `${JSON.stringify({ routes }, null, 2)}\n`,
      );
    },
  };
}

/** Brotli (quality 11) and gzip (level 9) copies of the text assets; the server sends them as they are. */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'toolkit:precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((f) => PRECOMPRESSED.test(f) && !f.startsWith('.vite/'));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(path.join(dir, file));
          if (body.length < 1024) return;
          const [brotli, gzipped] = await Promise.all([
            br(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gz(body, { level: 9 }),
          ]);
          await Promise.all([
            writeFile(path.join(dir, `${file}.br`), brotli),
            writeFile(path.join(dir, `${file}.gz`), gzipped),
          ]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Installer Toolkit',
        short_name: 'Installer',
        description: 'Field toolkit for installers of on-board equipment on transit buses',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        display: 'standalone',
        orientation: 'portrait',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The barcode reader's WebAssembly (zxing_reader.wasm, about 0.95 MB) is precached too, so
        // scanning a VIN or a label works offline even before the scanner was first opened.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
        // Workbox skips larger files (its default is 2 MiB): the .wasm fits, with room to grow.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
      },
    }),
    routePreloads(),
    prerenderPages(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunks of each module, for the preload list and the JS budget.
    manifest: true,
    // A dynamic import preloads nothing by itself (decision 031): the first screen's chunks are
    // preloaded by its page (route-preloads.json, prerendered pages), and each preload link that
    // Vite's helper would add in the middle of the app's start costs the main thread a request
    // (about 40 ms on a slow phone for the sixteen it added on /overview). What a later import
    // needs loads with it, from the service worker's precache once the app is installed.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The entry keeps what it loads statically (Vite's preload helper), so that it does
            // not import the app chunk it is meant to start later.
            { name: 'index', tags: ['$initial'], priority: 1 },
            { name: chunkByRoot(), debugName: 'app' },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  // What every web test file shares; the root vitest.config.ts makes two projects of it: `web` (one
  // jsdom per worker) and `web-mocked` (files that replace a module, each in a fresh module graph).
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    css: false,
  },
});
