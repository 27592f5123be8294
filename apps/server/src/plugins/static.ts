import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pickEncoding, type Encoding } from '../lib/revision-cache.ts';
import type { SecurityHeaders } from './security.ts';

/** Written by the web build (apps/web/vite.config.ts): the chunks each screen's URL needs first. */
const RoutePreloadsSchema = z.object({
  routes: z.array(
    z.object({
      path: z.string(),
      /** A page prerendered by the build for this URL (login.html), else index.html. */
      html: z
        .string()
        .regex(/^[\w-]+\.html$/)
        .optional(),
      preload: z.array(z.string().regex(/^\/assets\/[\w.~-]+\.js$/)),
    }),
  ),
});

/** One way of sending a page: its bytes and their ETag (each encoding is a representation of its own). */
interface PageBody {
  bytes: Buffer;
  etag: string;
}

interface Page {
  pattern: RegExp;
  html: string;
  plain: PageBody;
  /** Compressed once, as the server starts: a page is 5–15 KB of HTML, 3–4 KB in brotli. */
  encoded: Record<Encoding, PageBody>;
}

/** '/devices/:deviceId' → /^\/devices\/[^/]+\/?$/; '*' matches everything. */
function routePattern(route: string): RegExp {
  if (route === '*') return /^/;
  const source = route
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return new RegExp(`^${source === '' ? '\\/' : `${source}\\/?`}$`);
}

/** The inline scripts of a page (a `<script>` with no attributes): the build's loader of its entry. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The CSP source of each inline script in the pages (`sha256-…` of its text). */
export function inlineScriptHashes(pages: readonly string[]): string[] {
  const hashes = new Set<string>();
  for (const html of pages)
    for (const [, text = ''] of html.matchAll(INLINE_SCRIPT))
      hashes.add(`sha256-${createHash('sha256').update(text).digest('base64')}`);
  return [...hashes];
}

function pageBody(bytes: Buffer, suffix: string): PageBody {
  return { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}${suffix}"` };
}

/**
 * A page and its compressed copies (decision 062). Uncompressed, a prerendered page with its CSP
 * header outgrew the first round trip of a new connection (about 14 KB, TCP's initial window):
 * `/devices`' 14.5 KB took a second one on a slow network, which is most of why its first paint
 * came later than `/vehicles`' 13.2 KB.
 */
function page(pattern: RegExp, html: string): Page {
  const bytes = Buffer.from(html);
  return {
    pattern,
    html,
    plain: pageBody(bytes, ''),
    encoded: {
      br: pageBody(
        brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        '-br',
      ),
      gzip: pageBody(gzipSync(bytes, { level: 9 }), '-gz'),
    },
  };
}

/**
 * The app's page for each screen: index.html (or the page the build prerendered for it, such as
 * login.html with the login screen in place of the loading shell) with modulepreload links for that screen's chunks,
 * so the browser fetches them alongside the entry instead of after running it. At low priority:
 * the stylesheet and the tiny entry go first, so the page's static shell paints without sharing
 * the bandwidth with ~150 KiB of script; the chunks follow right behind them.
 */
function loadPages(root: string, log: FastifyInstance['log']): { pages: Page[]; fallback: Page } {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const fallback = page(/^/, html);
  const manifest = path.join(root, '.vite', 'route-preloads.json');
  if (!existsSync(manifest)) return { pages: [], fallback };
  const parsed = RoutePreloadsSchema.safeParse(JSON.parse(readFileSync(manifest, 'utf8')));
  if (!parsed.success) {
    log.warn({ manifest }, 'route preloads ignored: unexpected format');
    return { pages: [], fallback };
  }
  const pages = parsed.data.routes.map(({ path: route, html: file, preload }) => {
    const links = preload
      .map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`)
      .join('');
    const prerendered =
      file && existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : null;
    return page(routePattern(route), (prerendered ?? html).replace('</head>', `${links}</head>`));
  });
  return { pages, fallback };
}

/** Cache-Control by file: hashed assets for a year; the page, service worker and manifest revalidated. */
function cacheControl(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (
    name === 'sw.js' ||
    name === 'index.html' ||
    name.endsWith('.webmanifest') ||
    name.startsWith('workbox-')
  )
    return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built web app on the same origin as the API. The build's brotli and gzip copies are
 * sent as they are (the compress plugin then leaves them alone). Hashed assets are cached for a
 * year; pages, the service worker and the manifest are always revalidated. Every non-API path that
 * is not a file gets the app's page, so the app's router answers it (its 404 page included).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | null,
  security?: SecurityHeaders,
): Promise<void> {
  const root = distDir && existsSync(path.join(distDir, 'index.html')) ? distDir : null;
  let pages: Page[] = [];
  let fallback: Page | null = null;
  if (!root) {
    app.log.warn({ distDir }, 'web app not built: only the API is served (run npm run build)');
  } else {
    ({ pages, fallback } = loadPages(root, app.log));
    // A prerendered page's entry is loaded by an inline script (decision 056): allowed by its hash.
    security?.allowInlineScripts(inlineScriptHashes([fallback, ...pages].map((p) => p.html)));
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Off, or `send` overwrites the Cache-Control set below with its own `public, max-age=0`.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', cacheControl(filePath));
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      !fallback ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return reply.status(404).send({
        code: 'NOT_FOUND',
        message: `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`,
      });
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const found = pages.find((p) => p.pattern.test(pathname)) ?? fallback;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const body = encoding ? found.encoded[encoding] : found.plain;
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .header('ETag', body.etag)
      .type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(body.bytes);
  });
}
