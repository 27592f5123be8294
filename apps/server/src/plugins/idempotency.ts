import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/tables.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A write sent with an `Idempotency-Key` header is done once: a replay with the same key answers
 * the first result (with `Idempotent-Replayed: true`), never a second record. The offline outbox of
 * the web app sends every queued write with its key, so a retry after a lost answer is safe.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const raw = request.headers['idempotency-key'];
    if (!WRITE_METHODS.has(request.method) || typeof raw !== 'string' || !request.user) return;
    if (!KEY_PATTERN.test(raw)) {
      return reply.status(400).send({
        code: 'BAD_IDEMPOTENCY_KEY',
        message: 'Idempotency-Key must be 8 to 128 letters, digits or - _ . :',
      });
    }
    const userId = request.user.id;
    const path = request.url.split('?')[0] ?? request.url;
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key: raw, method: request.method, path })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) {
      request.idempotencyKey = raw;
      return;
    }
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, raw)))
      .limit(1);
    if (!existing) return;
    if (existing.method !== request.method || existing.path !== path) {
      return reply.status(422).send({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used for a different request',
      });
    }
    if (existing.statusCode === null) {
      return reply.status(409).send({
        code: 'IDEMPOTENCY_IN_PROGRESS',
        message: 'The same request is still being processed; try again shortly',
      });
    }
    reply.header('Idempotent-Replayed', 'true').status(existing.statusCode);
    return existing.responseBody === null ? reply.send() : reply.send(existing.responseBody);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.user) return payload;
    const where = and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, key));
    if (reply.statusCode >= 500) {
      // A server failure is not an answer: let the client try again with the same key.
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    let body: unknown = null;
    if (typeof payload === 'string' && payload.length > 0) {
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
    }
    await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, responseBody: body }).where(where);
    return payload;
  });
}
