import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  // WebAssembly compilation only (the VIN barcode reader), not JavaScript eval.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(self), microphone=(self), geolocation=(self)',
  'Content-Security-Policy': CSP,
};

/** Security headers on every response (a synchronous hook: no promise per request). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(HEADERS);
    if (request.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if ((request.routeOptions.url ?? request.url).startsWith('/api/') && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
