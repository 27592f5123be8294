import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { getRevision } from '../modules/sync/revision.ts';
import { notFound } from './app-error.ts';
import type { RevisionCache } from './revision-cache.ts';

/**
 * Answers an agency-wide list from the revision cache (with ETag / 304), computing it only when
 * the agency's data changed since it was last served.
 */
export async function sendCachedList(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { db: Db; cache: RevisionCache; clientId: number; load: () => Promise<unknown> },
): Promise<FastifyReply> {
  const revision = await getRevision(options.db, options.clientId);
  if (revision === null) throw notFound('Client');
  const entry = options.cache.get(options.clientId, revision) ?? options.cache.set(options.clientId, revision, await options.load());
  reply.header('ETag', entry.etag).header('Cache-Control', 'private, no-cache');
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.body);
}
