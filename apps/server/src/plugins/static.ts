import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app on the same origin as the API. Hashed assets are cached for a year;
 * index.html, the service worker and the manifest are always revalidated. Unknown non-API paths
 * get index.html so the app's router can answer them (its 404 page included).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  const root = distDir && existsSync(path.join(distDir, 'index.html')) ? distDir : null;
  if (!root) {
    app.log.warn({ distDir }, 'web app not built: only the API is served (run npm run build)');
  } else {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: false,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest') || name.startsWith('workbox-')) res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !root || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0] ?? ''}` });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
