import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ErrorResponse } from '@toolkit/contracts/errors.ts';

/**
 * Errors the framework or Node answer before any route runs (bad URL, too long a path segment,
 * headers too large, a request that took too long) get the house's `{ code, message }` shape too.
 */

const MESSAGES: Readonly<Record<string, { status: number; code: string; message: string }>> = {
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URI_TOO_LONG', message: 'The address is too long' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'BAD_REQUEST', message: 'The request could not be routed' },
};

export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const known = MESSAGES[error.code] ?? { status: 400, code: 'BAD_REQUEST', message: 'Bad request' };
  const body: ErrorResponse = { code: known.code, message: known.message };
  void reply.status(known.status).send(body);
};

function rawAnswer(socket: Socket, status: number, body: ErrorResponse): void {
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${String(status)} ${http.STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${String(Buffer.byteLength(json))}\r\n` +
      'Connection: close\r\n\r\n' +
      json,
  );
}

/** Node's parser errors (431 headers too large, 408 timeouts, malformed requests). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  if (error.code === 'HPE_HEADER_OVERFLOW')
    rawAnswer(socket, 431, { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' });
  else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    rawAnswer(socket, 408, { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive' });
  else rawAnswer(socket, 400, { code: 'BAD_REQUEST', message: 'The request is not valid HTTP' });
}
