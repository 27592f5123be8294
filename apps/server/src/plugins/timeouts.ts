import type { FastifyInstance } from 'fastify';
import type { ErrorResponse } from '@toolkit/contracts/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Upload routes (photos) may take the longer upload timeout to send their body. */
    upload?: boolean;
  }
}

const REQUEST_TIMEOUT_ERROR: ErrorResponse = {
  code: 'REQUEST_TIMEOUT',
  message: 'The request took too long to arrive',
};

/**
 * Node's own `requestTimeout` is the longest a request may take (the upload timeout); every
 * other route must have its whole body within the shorter request timeout, or it answers 408
 * and the connection is closed, so a client that never finishes cannot hold it.
 */
export function registerRequestTimeouts(
  app: FastifyInstance,
  timeouts: { requestMs: number; uploadMs: number },
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const limit = request.routeOptions.config.upload ? timeouts.uploadMs : timeouts.requestMs;
    // A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112 6.3):
    // nothing is left to arrive, so no timer is needed (most GETs).
    const bodiless =
      raw.headers['content-length'] === undefined && raw.headers['transfer-encoding'] === undefined;
    if (bodiless || raw.complete || limit >= timeouts.uploadMs) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (raw.complete || reply.sent || reply.raw.headersSent) return;
      request.log.warn({ url: request.url }, 'request body did not arrive in time');
      const json = JSON.stringify(REQUEST_TIMEOUT_ERROR);
      reply.raw.writeHead(408, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(json),
        Connection: 'close',
      });
      reply.raw.end(json, () => raw.socket.destroy());
    }, limit);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('finish', clear);
    done();
  });
}
