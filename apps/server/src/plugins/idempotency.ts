import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/tables.ts';
import { inRequestTransaction } from '../lib/request-transaction.ts';
import type { ServerInstance } from '../lib/server-instance.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler calls out (the fleet platform: device creation, SMS, a pull, an upload; the
     * mail server) before its own writes, or with nothing to undo after them: a keyed request
     * then runs without a request transaction and its answer is recorded as it is sent, so the
     * seconds another system takes hold no database connection (decision 035).
     */
    callsOutFirst?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey: string | null;
    /** The answer was recorded in the write's own transaction; onSend has nothing to do. */
    idempotencyAnswered: boolean;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be 8 to 128 letters, digits or - _ . :',
  otherRequest: 'This Idempotency-Key was already used for a different request',
  otherBody: 'This Idempotency-Key was already used with a different request body',
  inProgress: 'The same request is still being processed; try again shortly',
} as const;

/** Stable hash of a parsed body (object keys sorted), so key order does not matter. */
function hashBody(body: unknown): string {
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

/** A parsed copy of what is sent, as the key row stores it (replays serialize it again). */
function storable(payload: unknown): unknown {
  if (payload === undefined || payload === null) return null;
  if (typeof payload === 'string') {
    if (payload.length === 0) return null;
    try {
      return JSON.parse(payload);
    } catch {
      return payload;
    }
  }
  return JSON.parse(JSON.stringify(payload));
}

type Handler = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Runs a keyed write's handler in one transaction with the record of its answer: the handler's
 * queries join it (lib/request-transaction.ts), what it sends is held back until the key row
 * holds the status and body, then the transaction commits and the answer goes out. A crash
 * before the commit leaves neither the write nor the answer (the lease lets the retry perform
 * it); after the commit the retry replays the answer. A handler that throws rolls back.
 */
function answeredInTransaction(db: Db, handler: Handler): Handler {
  return async function (request, reply) {
    const key = request.idempotencyKey;
    const user = request.user;
    if (!key || !user) return handler.call(this, request, reply);
    const where = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));
    const committed = await inRequestTransaction(db, async (tx) => {
      // A handler that sends returns the reply, which is a thenable settled once the answer is
      // out: wait for the send (held back here) or for a returned value, whichever comes first.
      const sent = new Promise<{ payload: unknown }>((resolve) => {
        reply.send = (payload?: unknown) => {
          resolve({ payload });
          return reply;
        };
      });
      const returned = Promise.resolve(handler.call(this, request, reply)).then((value) => ({
        payload: value === reply ? undefined : value,
      }));
      returned.catch(() => undefined); // a failure after the send is the handler's own business
      let out: unknown;
      try {
        out = (await Promise.race([sent, returned])).payload;
      } finally {
        Reflect.deleteProperty(reply, 'send'); // back to Fastify's own send
      }
      if (out instanceof Error) throw out; // an error sent is an error thrown: roll back
      if (reply.statusCode < 500) {
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, responseBody: storable(out) })
          .where(where);
        request.idempotencyAnswered = true;
      }
      return out;
    });
    let payload = committed.value;
    if (committed.afterPlatform && reply.statusCode < 400) {
      // The write and its provisional answer are committed; the platform is told now, with no
      // transaction open, and its answer replaces the recorded one (a crash in between replays
      // the provisional answer, which is still true: saved, and pushed by the outbox).
      try {
        payload = await committed.afterPlatform();
        await db
          .update(idempotencyKeys)
          .set({ responseBody: storable(payload) })
          .where(where);
      } catch (err) {
        request.log.error({ err }, 'the answer after the platform push failed; the saved answer is sent');
      }
    }
    return reply.send(payload);
  };
}

/**
 * A write sent with an `Idempotency-Key` header is done once: a replay with the same key answers
 * the first result (with `Idempotent-Replayed: true`), never a second record. The key is claimed
 * before the handler with a lease (its `created_at`); the write and the record of its answer
 * commit in one transaction (`answeredInTransaction`), so a retry finds the answer or nothing
 * written. A key left "in progress" by a process that died is taken over at once (its holder is
 * not alive, decision 038); one whose holder lives but is stuck, once the lease has run out. The body's hash is kept: the same key with another body answers 422 (decision 015).
 */
export function registerIdempotency(
  app: FastifyInstance,
  db: Db,
  leaseMs: number,
  instance: ServerInstance,
): void {
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('idempotencyAnswered', false);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => WRITE_METHODS.has(m)) && !route.config?.callsOutFirst)
      route.handler = answeredInTransaction(db, route.handler);
  });

  // Reads (most requests) pass both hooks synchronously: no promise, no query.
  app.addHook('preHandler', (request, reply, done) => {
    const raw = request.headers['idempotency-key'];
    if (!WRITE_METHODS.has(request.method) || typeof raw !== 'string' || !request.user) {
      done();
      return;
    }
    claimKey(request, reply, raw).then(() => done(), done);
  });

  async function claimKey(request: FastifyRequest, reply: FastifyReply, raw: string): Promise<unknown> {
    if (!request.user) return;
    if (!KEY_PATTERN.test(raw))
      return reply.status(400).send({ code: 'BAD_IDEMPOTENCY_KEY', message: IDEMPOTENCY_MESSAGES.badKey });
    const userId = request.user.id;
    const path = request.url.split('?')[0] ?? request.url;
    const requestHash = hashBody(request.body);
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, raw));
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key: raw, method: request.method, path, requestHash, holder: instance.id })
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
      // Take the key over at once when its holder is not alive (the process crashed: decision
      // 038), else when its lease has run out (a holder alive but stuck); one retry wins.
      const holder = existing.holder;
      const deadHolder = holder !== null && !(await instance.alive([holder])).has(holder) ? holder : null;
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(), requestHash, holder: instance.id })
        .where(
          and(
            where,
            isNull(idempotencyKeys.statusCode),
            deadHolder !== null
              ? eq(idempotencyKeys.holder, deadHolder)
              : lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) {
        request.log.warn(
          { key: raw, holder },
          deadHolder !== null
            ? 'idempotency key taken over from a holder that is not alive'
            : 'idempotency key taken over after its lease ran out',
        );
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
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.idempotencyKey || !request.user || request.idempotencyAnswered) {
      done(null, payload);
      return;
    }
    recordAnswer(request, reply, payload).then((out) => done(null, out), done);
  });

  async function recordAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ): Promise<unknown> {
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
  }
}
