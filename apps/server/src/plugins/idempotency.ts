import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
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

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be 8 to 128 letters, digits or - _ . :',
  otherRequest: 'This Idempotency-Key was already used for a different request',
  otherBody: 'This Idempotency-Key was already used with a different request body',
  inProgress: 'The same request is still being processed; try again shortly',
} as const;

/** Stable hash of a parsed body (object keys sorted), so key order does not matter. */
export function hashBody(body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, x]) => [k, canonical(x)]),
      );
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body ?? null)))
    .digest('hex');
}

/**
 * A write sent with an `Idempotency-Key` header is done once: a replay with the same key answers
 * the first result (with `Idempotent-Replayed: true`), never a second record. The key is held
 * with a lease (its `created_at`): a key left "in progress" by a process that died is taken over
 * once the lease has run out, so a retry performs the write instead of waiting for ever. The
 * body's hash is kept: the same key with another body answers 422 (decision 015).
 */
export function registerIdempotency(app: FastifyInstance, db: Db, leaseMs: number): void {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const raw = request.headers['idempotency-key'];
    if (!WRITE_METHODS.has(request.method) || typeof raw !== 'string' || !request.user) return;
    if (!KEY_PATTERN.test(raw))
      return reply.status(400).send({ code: 'BAD_IDEMPOTENCY_KEY', message: IDEMPOTENCY_MESSAGES.badKey });
    const userId = request.user.id;
    const path = request.url.split('?')[0] ?? request.url;
    const requestHash = hashBody(request.body);
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, raw));
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key: raw, method: request.method, path, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) {
      request.idempotencyKey = raw;
      return;
    }
    const [existing] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!existing) return;
    if (existing.method !== request.method || existing.path !== path)
      return reply
        .status(422)
        .send({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.otherRequest });
    if (existing.requestHash !== null && existing.requestHash !== requestHash)
      return reply
        .status(422)
        .send({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.otherBody });
    if (existing.statusCode === null) {
      // Take the key over when its holder's lease has run out (it crashed); one retry wins.
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(), requestHash })
        .where(
          and(
            where,
            isNull(idempotencyKeys.statusCode),
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) {
        request.log.warn({ key: raw }, 'idempotency key taken over after its lease ran out');
        request.idempotencyKey = raw;
        return;
      }
      const retryAfter = Math.max(1, Math.ceil(leaseMs / 1000));
      return reply
        .status(409)
        .header('Retry-After', String(retryAfter))
        .send({ code: 'IDEMPOTENCY_IN_PROGRESS', message: IDEMPOTENCY_MESSAGES.inProgress });
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
