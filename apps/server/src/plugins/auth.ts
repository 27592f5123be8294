import type { FastifyInstance } from 'fastify';
import type { SessionAuthority } from '../lib/ports.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that need no token (sign-in, health, docs). */
    public?: boolean;
  }
}

/**
 * Authenticates every /api route except the public ones; the user lands on request.user.
 * Decided by the route the router matched (its pattern), never by the raw URL, so a
 * percent-encoded spelling of the path (`/%61pi/...`) needs a token like any other.
 */
export function registerAuth(app: FastifyInstance, auth: SessionAuthority): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    // No route matched: the not-found handler answers 404 without revealing anything.
    const route = request.routeOptions.url;
    if (request.routeOptions.config.public || route === undefined || !route.startsWith('/api/')) return;
    const { user, sessionId } = await auth.authenticate(request.headers.authorization);
    request.user = user;
    request.sessionId = sessionId;
  });
}
