import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandinState } from './standin-state.ts';

/** A request as the stand-in's handlers see it. */
export interface WireRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface WireAnswer {
  status: number;
  /** JSON value, plain text (stack traces, tokens) or nothing. */
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/** Thrown by a handler: answered 400 with a plain-text Java stack trace, as Traccar does. */
export class JavaError extends Error {
  constructor(
    readonly exception: string,
    message: string,
  ) {
    super(message);
  }
}

export const javaTrace = (exception: string, message: string): string =>
  [
    `${exception}: ${message}`,
    '\tat org.traccar.storage.DatabaseStorage.addObject(DatabaseStorage.java:97)',
    '\tat org.traccar.api.BaseObjectResource.add(BaseObjectResource.java:79)',
    '\tat java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:103)',
    '\tat org.glassfish.jersey.server.model.internal.ResourceMethodInvocationHandlerFactory.lambda$static$0(ResourceMethodInvocationHandlerFactory.java:52)',
    '\tat org.eclipse.jetty.server.handler.ContextHandler.handle(ContextHandler.java:1056)',
  ].join('\n');

export const unknownField = (field: string, type: string) =>
  new JavaError(
    'com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException',
    `Unrecognized field "${field}" (class org.traccar.model.${type}), not marked as ignorable`,
  );

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function send(res: ServerResponse, answer: WireAnswer): void {
  const headers = { ...answer.headers };
  if (answer.json !== undefined) {
    res.writeHead(answer.status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(answer.json));
  } else if (answer.text !== undefined) {
    res.writeHead(answer.status, { 'content-type': 'text/plain', ...headers });
    res.end(answer.text);
  } else {
    res.writeHead(answer.status, headers);
    res.end();
  }
}

export function cookieSession(headers: IncomingMessage['headers']): string | null {
  const cookie = headers.cookie ?? '';
  const match = /(?:^|;\s*)JSESSIONID=([^;]+)/.exec(cookie);
  return match?.[1] ?? null;
}

/**
 * The caller's user id as Traccar finds it: the session cookie, then `Authorization: Bearer`
 * (an API token) or Basic (e-mail and password). Null: 401.
 */
export function callerOf(state: StandinState, req: WireRequest): number | null {
  const session = cookieSession(req.headers);
  if (session) {
    const id = state.sessions.get(session);
    if (id !== undefined) return id;
  }
  const auth = req.headers.authorization ?? '';
  if (auth.startsWith('Bearer ')) return state.tokens.get(auth.slice(7).trim()) ?? null;
  if (auth.startsWith('Basic ')) {
    const [email, password] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':', 2);
    for (const u of state.users.values()) if (u.email === email && u.password === password) return u.id;
  }
  return null;
}

/** The JSON body, or a 400 with Jackson's stack trace when it is not JSON. */
export function jsonBody(req: WireRequest): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(req.body);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new JavaError('com.fasterxml.jackson.core.JsonParseException', 'Unexpected character');
}

export const num = (v: unknown, fallback = 0): number => (typeof v === 'number' ? v : fallback);
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
export const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, unknown>) } : {};
