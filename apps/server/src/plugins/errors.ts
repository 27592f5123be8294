import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@toolkit/contracts/errors.ts';
import { AppError } from '../lib/app-error.ts';

const INTERNAL_MESSAGE = 'Something went wrong on the server. Please try again.';

/** One error shape end to end: `{ code, message, issues? }`; 5xx details are logged, never sent. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      const body: ErrorResponse = {
        code: 'VALIDATION',
        message: issues[0]?.message ?? 'Invalid request',
        issues,
      };
      return reply.status(400).send(body);
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ code: error.code, message: error.message } satisfies ErrorResponse);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ code: 'INTERNAL', message: INTERNAL_MESSAGE } satisfies ErrorResponse);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type: send JSON'
            : error.message;
      return reply
        .status(status)
        .send({ code: error.code || 'BAD_REQUEST', message } satisfies ErrorResponse);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL', message: INTERNAL_MESSAGE } satisfies ErrorResponse);
  });
}
