import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy; `scriptHashes` are the SHA-256 of the inline scripts the built pages
 * carry (`sha256-…`, decision 056: the loader of a page's entry), and no other inline script runs.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    // WebAssembly compilation only (the VIN barcode reader), not JavaScript eval.
    ["script-src 'self' 'wasm-unsafe-eval'", ...scriptHashes.map((h) => `'${h}'`)].join(' '),
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
}

const headersWith = (scriptHashes: readonly string[]) => ({
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(self), microphone=(self), geolocation=(self)',
  'Content-Security-Policy': contentSecurityPolicy(scriptHashes),
});

export interface SecurityHeaders {
  /** Lets these inline scripts run (their `sha256-…`), from the next response on. */
  allowInlineScripts(scriptHashes: readonly string[]): void;
}

/** Security headers on every response (a synchronous hook: no promise per request). */
export function registerSecurityHeaders(app: FastifyInstance): SecurityHeaders {
  let headers = headersWith([]);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
    if (request.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if ((request.routeOptions.url ?? request.url).startsWith('/api/') && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
  return {
    allowInlineScripts(scriptHashes) {
      headers = headersWith(scriptHashes);
    },
  };
}
