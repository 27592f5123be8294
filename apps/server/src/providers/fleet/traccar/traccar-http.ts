import type { z } from 'zod';
import {
  ProviderActorRefusedError,
  ProviderAuthError,
  ProviderRejectedError,
  ProviderUnavailableError,
} from '../fleet-provider.ts';

/** What the Traccar provider logs (a pino logger fits). */
export interface TraccarLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface TraccarHttpOptions {
  baseUrl: string;
  /** The administrator's or service account's token for the shared mirror, read on every call (a token file may be re-read). */
  token: string | (() => string);
  timeoutMs: number;
  log: TraccarLog;
  fetch?: typeof fetch;
}

interface TraccarCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | string[] | number | boolean>;
  json?: unknown;
  form?: Record<string, string>;
  /** A session cookie to send instead of the API token (the installer's own session). */
  cookie?: string;
  /**
   * A user's own token (issue 32: made for them at sign-in) to send instead of the mirror's: the
   * call is that user's, under their rights. A 401 on it is ProviderActorRefusedError.
   */
  bearer?: string;
  /** Send no credentials (`GET /api/server`, the sign-in, the token check by `?token=`). */
  anonymous?: boolean;
  /** Statuses that are answers, not errors (401 at sign-in, 404 for a missing object). */
  accept?: readonly number[];
  /** The message a 400 becomes (Traccar's body is a Java stack trace: logged, never shown). */
  refusal?: string;
  /** Messages for particular 400s, by the first line of the trace: the first match wins over `refusal`. */
  refusals?: readonly (readonly [RegExp, string])[];
}

interface TraccarAnswer {
  status: number;
  body: string;
  headers: Headers;
}

/**
 * Traccar refused a request (400): `cause` is the first line of its Java stack trace
 * (`java.lang.SecurityException: Write access denied`), for the provider to tell which refusal
 * it was; never shown to a user.
 */
export class TraccarRefusal extends ProviderRejectedError {
  readonly firstLine: string;
  constructor(message: string, status: number, trace: string) {
    super(message, status);
    this.firstLine = trace.split('\n', 1)[0]?.trim().slice(0, 500) ?? '';
  }
}

/** The HTTP side of the Traccar provider: the token, timeouts, and Traccar's errors mapped. */
export class TraccarHttp {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: TraccarHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
  }

  /** Told when Traccar refuses the mirror's token (health names it; the link checks again). */
  onMirrorTokenRefused: (() => void) | null = null;

  get log(): TraccarLog {
    return this.options.log;
  }

  /** The mirror's token as it is now (TRACCAR_TOKEN, or the token file's current content). */
  adminToken(): string {
    const token = this.options.token;
    return typeof token === 'function' ? token() : token;
  }

  url(path: string, query: TraccarCall['query'] = {}): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
    }
    const qs = params.toString();
    return `${this.baseUrl}/api${path}${qs ? `?${qs}` : ''}`;
  }

  /** One call; a read that met a network error (a kept-alive socket the server closed) is tried once more. */
  async call(path: string, call: TraccarCall = {}): Promise<TraccarAnswer> {
    try {
      return await this.once(path, call);
    } catch (err) {
      const retry =
        (call.method ?? 'GET') === 'GET' &&
        err instanceof ProviderUnavailableError &&
        !/within/.test(err.message);
      if (!retry || err instanceof ProviderAuthError) throw err;
      return this.once(path, call);
    }
  }

  private async once(path: string, call: TraccarCall): Promise<TraccarAnswer> {
    const method = call.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.cookie) headers.cookie = call.cookie;
    else if (call.bearer !== undefined) headers.authorization = `Bearer ${call.bearer}`;
    else if (!call.anonymous) headers.authorization = `Bearer ${this.adminToken()}`;
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(call.form).toString();
    }
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(this.url(path, call.query), {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
      this.options.log.warn({ traccar: this.baseUrl, method, path, cause }, 'Traccar call failed');
      throw new ProviderUnavailableError(
        timedOut
          ? `Traccar did not answer within ${String(this.options.timeoutMs)} ms`
          : 'Traccar cannot be reached',
      );
    }
    const status = response.status;
    if (call.accept?.includes(status) || status === 200 || status === 202 || status === 204)
      return { status, body: text, headers: response.headers };
    if (status === 401 && call.bearer !== undefined) {
      this.options.log.info({ traccar: this.baseUrl, path }, 'Traccar refused a user’s token (401)');
      throw new ProviderActorRefusedError('Traccar refused the user’s token');
    }
    if (status === 401 && !call.cookie && !call.anonymous) {
      this.options.log.error(
        { traccar: this.baseUrl, path },
        'Traccar refused TRACCAR_TOKEN (401): expired or revoked; put a new token in place (see README)',
      );
      this.onMirrorTokenRefused?.();
      throw new ProviderAuthError('the fleet platform refused TRACCAR_TOKEN: expired or revoked');
    }
    if (status >= 500) throw new ProviderUnavailableError(`Traccar answered ${String(status)}`);
    // A 400 from Traccar is a Java stack trace: log it whole, show only our message.
    this.options.log.warn(
      { traccar: this.baseUrl, method, path, status, trace: text.slice(0, 4000) },
      'Traccar refused a request',
    );
    const firstLine = text.split('\n', 1)[0] ?? '';
    const known = call.refusals?.find(([pattern]) => pattern.test(firstLine))?.[1];
    throw new TraccarRefusal(known ?? call.refusal ?? 'The fleet platform refused the request', status, text);
  }

  /** A call whose JSON answer is parsed with the schema; an answer of another shape is "unavailable". */
  async json<T>(path: string, schema: z.ZodType<T>, call: TraccarCall = {}): Promise<T> {
    const answer = await this.call(path, call);
    let value: unknown;
    try {
      value = JSON.parse(answer.body);
    } catch {
      throw new ProviderUnavailableError(`Traccar answered ${path} without JSON`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      this.options.log.warn(
        { path, issues: parsed.error.issues.slice(0, 3) },
        'Traccar answered in an unknown format',
      );
      throw new ProviderUnavailableError(`Traccar answered ${path} in an unknown format`);
    }
    return parsed.data;
  }

  /** The JSON of an answer, or undefined when it has none. */
  static parse(answer: TraccarAnswer): unknown {
    try {
      return JSON.parse(answer.body);
    } catch {
      return undefined;
    }
  }
}
