import { LoginInputSchema, LoginResponseSchema, VerifyResponseSchema } from '@toolkit/contracts/auth.ts';
import { ErrorResponseSchema } from '@toolkit/contracts/errors.ts';
import type { Api } from '../../lib/types.ts';
import { deviceCookieHeader, readDeviceCookie } from './device-cookie.ts';
import { requireUser, type AppDeps } from '../../app-deps.ts';

export function authRoutes(app: Api, deps: AppDeps): void {
  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the external system credentials',
        body: LoginInputSchema,
        response: {
          200: LoginResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          429: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { deviceToken, ...session } = await deps.auth.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        deviceToken: readDeviceCookie(request.headers.cookie),
      });
      void reply.header('Set-Cookie', deviceCookieHeader(deviceToken, request.protocol === 'https'));
      return session;
    },
  );

  app.get(
    '/auth/verify',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: VerifyResponseSchema } } },
    async (request) => ({ user: requireUser(request) }),
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'Revoke the current token' } },
    async (request, reply) => {
      if (request.sessionId !== null) await deps.auth.logout(request.sessionId);
      return reply.status(204).send();
    },
  );
}
