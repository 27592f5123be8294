import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './app-error.ts';
import { compressedBody, pickEncoding, type RevisionCache } from './revision-cache.ts';

/**
 * Answers an agency-wide list from the revision cache (with ETag / 304), computing it only when
 * the agency's data changed since it was last served.
 */
export async function sendCachedList(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    cache: RevisionCache;
    clientId: number;
    /** The agency's current revision, null when it does not exist. */
    revision: (clientId: number) => Promise<number | null>;
    load: () => Promise<unknown>;
  },
): Promise<FastifyReply> {
  const revision = await options.revision(options.clientId);
  if (revision === null) throw notFound('Client');
  const entry = await options.cache.getOrBuild(options.clientId, revision, options.load);
  reply
    .header('ETag', entry.etag)
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Accept-Encoding')
    .header('X-Revision', String(entry.revision));
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = entry.body.length >= 1024 ? pickEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(entry.body);
  return reply.header('Content-Encoding', encoding).send(await compressedBody(entry, encoding));
}
