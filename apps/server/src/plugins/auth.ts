import type { FastifyInstance } from 'fastify';
import type { SessionAuthority } from '../lib/ports.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that need no token (sign-in, health, docs). */
    public?: boolean;
  }
}

/** Authenticates every /api call except the public ones; the user lands on request.user. */
export function registerAuth(app: FastifyInstance, auth: SessionAuthority): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    // No route matched: the not-found handler answers 404 without revealing anything.
    if (
      request.routeOptions.config.public ||
      !request.url.startsWith('/api/') ||
      request.routeOptions.url === undefined
    )
      return;
    const { user, sessionId } = await auth.authenticate(request.headers.authorization);
    request.user = user;
    request.sessionId = sessionId;
  });
}
