import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { User } from '@toolkit/contracts/auth.ts';

/** The Fastify instance with zod schemas as its type provider. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type AuthUser = User;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: number | null;
  }
}
