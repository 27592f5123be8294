import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request as the stand-in's handlers see it. */
export interface WireRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** The caller the security filter found (set by handleApi, as Jersey sets a security context). */
  userId?: number | null;
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
    /** The top frames (`org.traccar....(File.java:line)`) of the real throw site, when known. */
    readonly frames: readonly string[] = [],
    /** The `Caused by:` line of a wrapping exception (Jersey's ParamException). */
    readonly causedBy: string | null = null,
  ) {
    super(message);
  }
}

/** SecurityRequestFilter catches SecurityException and its subclasses (api/security/SecurityRequestFilter.java). */
export const isSecurityError = (err: unknown): err is JavaError =>
  err instanceof JavaError &&
  (err.exception === 'java.lang.SecurityException' ||
    err.exception === 'org.traccar.api.security.CodeRequiredException');

export const securityError = (message: string, ...frames: string[]) =>
  new JavaError('java.lang.SecurityException', message, frames);

/** Throw sites in the v6.14.5 code, for the top of a stack trace. */
export const AT = {
  checkEdit: 'org.traccar.api.security.PermissionsService.checkEdit(PermissionsService.java:122)',
  checkEditObject: 'org.traccar.api.security.PermissionsService.checkEdit(PermissionsService.java:131)',
  checkPermission: 'org.traccar.api.security.PermissionsService.checkPermission(PermissionsService.java:224)',
  checkRestriction:
    'org.traccar.api.security.PermissionsService.checkRestriction(PermissionsService.java:98)',
  getSingle: 'org.traccar.api.BaseObjectResource.getSingle(BaseObjectResource.java:68)',
  add: 'org.traccar.api.BaseObjectResource.add(BaseObjectResource.java:80)',
  update: 'org.traccar.api.BaseObjectResource.update(BaseObjectResource.java:98)',
  updateEdit: 'org.traccar.api.BaseObjectResource.update(BaseObjectResource.java:120)',
  send: 'org.traccar.api.resource.CommandResource.send(CommandResource.java:130)',
  disabled: 'org.traccar.model.Disableable.checkDisabled(Disableable.java:32)',
  expired: 'org.traccar.model.Disableable.checkDisabled(Disableable.java:35)',
  userEnabled: 'org.traccar.api.security.LoginService.checkUserEnabled(LoginService.java:168)',
  userCode: 'org.traccar.api.security.LoginService.checkUserCode(LoginService.java:179)',
  passwordLogin: 'org.traccar.api.security.LoginService.login(LoginService.java:110)',
  tokenLogin: 'org.traccar.api.security.LoginService.login(LoginService.java:86)',
  tokenUser: 'org.traccar.api.security.LoginService.login(LoginService.java:90)',
  verify: 'org.traccar.api.signature.TokenManager.verifyToken(TokenManager.java:94)',
  tokenExpired: 'org.traccar.api.signature.TokenManager.verifyToken(TokenManager.java:96)',
  tokenRevoked: 'org.traccar.api.signature.TokenManager.verifyToken(TokenManager.java:101)',
  decode: 'org.traccar.api.signature.TokenManager.decodeToken(TokenManager.java:107)',
  sessionGet: 'org.traccar.api.resource.SessionResource.get(SessionResource.java:82)',
  sessionAdd: 'org.traccar.api.resource.SessionResource.add(SessionResource.java:120)',
  revoke: 'org.traccar.api.resource.SessionResource.revokeToken(SessionResource.java:163)',
} as const;

const DEFAULT_FRAMES = [
  'org.traccar.storage.DatabaseStorage.addObject(DatabaseStorage.java:97)',
  'org.traccar.api.BaseObjectResource.add(BaseObjectResource.java:79)',
];
const TAIL = [
  'java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:103)',
  'org.glassfish.jersey.server.model.internal.ResourceMethodInvocationHandlerFactory.lambda$static$0(ResourceMethodInvocationHandlerFactory.java:52)',
  'org.eclipse.jetty.server.handler.ContextHandler.handle(ContextHandler.java:1056)',
];

/** What ResourceErrorHandler answers: `printStackTrace()` of the exception (api/ResourceErrorHandler.java). */
export const javaTrace = (
  exception: string,
  message: string,
  frames: readonly string[] = [],
  causedBy: string | null = null,
): string =>
  [
    `${exception}: ${message}`,
    ...[...(frames.length ? frames : DEFAULT_FRAMES), ...TAIL].map((f) => `\tat ${f}`),
    ...(causedBy === null ? [] : [`Caused by: ${causedBy}`, '\t... 50 more']),
  ].join('\n');

/** Jersey's answer to a form or query parameter it cannot convert (a 400, ParamException). */
export const paramError = (kind: 'Form' | 'Query', cause: string) =>
  new JavaError(
    `org.glassfish.jersey.server.ParamException$${kind}ParamException`,
    'HTTP 400 Bad Request',
    [
      'org.glassfish.jersey.server.internal.inject.AbstractParamValueExtractor.convert(AbstractParamValueExtractor.java:139)',
    ],
    cause,
  );

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
