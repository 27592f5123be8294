import type { ErrorResponse } from '@toolkit/contracts/errors.ts';
import { afterEach, beforeEach, vi } from 'vitest';

/** A JSON answer; `Body` is the shape it was built with (e.g. a contract type). */
export interface JsonAnswer<Body> {
  readonly kind: 'json';
  readonly body: Body;
  readonly status: number;
}

/** What a mocked call answers: a description, turned into a fresh `Response` for every call. */
export type Answer =
  | JsonAnswer<unknown>
  | { readonly kind: 'text'; readonly body: string; readonly status: number; readonly statusText: string }
  | { readonly kind: 'network-error'; readonly message: string }
  | { readonly kind: 'later'; readonly answer: Promise<Answer> };

/** One call the code under test made, as the server would see it. */
export interface FetchCall {
  /** The method as the caller spelled it (GET when none is given). */
  readonly method: string;
  /** The URL as passed to fetch (the app passes paths such as `/api/devices/client/3`). */
  readonly url: string;
  /** The headers as a plain object (names as the caller wrote them). */
  readonly headers: Readonly<Record<string, string>>;
  /** The body parsed as JSON; the raw text when it is not JSON; undefined without a body. */
  readonly body: unknown;
  readonly rawBody: string | undefined;
  /** The init object exactly as the caller passed it, for tests of the HTTP client itself. */
  readonly init: RequestInit | undefined;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A route answers with a fixed answer, or with one computed from the call (its body, headers). */
export type RouteAnswer = Answer | ((call: FetchCall) => Answer);

/**
 * A 200 (or `status`) answer with a JSON body. Name the contract type to have the body checked
 * against it: `json<Device[]>(devices)`.
 */
export function json<Body>(body: Body, status = 200): JsonAnswer<Body> {
  return { kind: 'json', body, status };
}

/** A raw text answer, e.g. an empty 401 or a 503 with only a status text. */
export function text(body: string, status: number, statusText = ''): Answer {
  return { kind: 'text', body, status, statusText };
}

/** The server's error shape `{code, message}` (§7) with its status. */
export function apiError(status: number, code: string, message: string): JsonAnswer<ErrorResponse> {
  return json({ code, message }, status);
}

/** fetch rejecting as browsers do when the network is down. */
export function networkError(message = 'Failed to fetch'): Answer {
  return { kind: 'network-error', message };
}

/** An answer held back until the test calls `resolve`, to see a pending state. */
export function deferred(): { readonly answer: Answer; resolve: (answer: Answer) => void } {
  let resolve: (answer: Answer) => void = () => undefined;
  const answer = new Promise<Answer>((r) => (resolve = r));
  return { answer: { kind: 'later', answer }, resolve: (a) => resolve(a) };
}

async function toResponse(answer: Answer): Promise<Response> {
  switch (answer.kind) {
    case 'json':
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    case 'text':
      // A 204, 205 or 304 has no body (a Response refuses one).
      return new Response([204, 205, 304].includes(answer.status) ? null : answer.body, {
        status: answer.status,
        statusText: answer.statusText,
      });
    case 'network-error':
      throw new TypeError(answer.message);
    case 'later':
      return toResponse(await answer.answer);
  }
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers = init?.headers;
  if (headers === undefined) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...headers };
}

function parseBody(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function recordCall(input: string | URL | Request, init: RequestInit | undefined): FetchCall {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const rawBody = typeof init?.body === 'string' ? init.body : undefined;
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  return { method, url, headers: headersOf(init), body: parseBody(rawBody), rawBody, init };
}

/** Routes name methods in capitals; the call's method is kept as the caller spelled it. */
const sameRequest = (call: FetchCall, method: string, url: string): boolean =>
  call.method.toUpperCase() === method && call.url === url;

interface Route {
  readonly method: string;
  readonly url: string;
  readonly answer: RouteAnswer;
  readonly once: boolean;
}

export interface FetchMock {
  /** Every call made in this test, in order. */
  readonly calls: readonly FetchCall[];
  /** Answers `method url` (the URL with its query string, matched exactly); a later route wins. */
  on(method: Method, url: string, answer: RouteAnswer): FetchMock;
  /** Like `on`, for the next matching call only; then the earlier routes answer again. */
  once(method: Method, url: string, answer: RouteAnswer): FetchMock;
  /** Answers every call no route matches (by default a 404 `{code: 'NOT_FOUND', ...}`). */
  otherwise(answer: RouteAnswer): FetchMock;
  /** The calls made to `method url`. */
  callsTo(method: Method, url: string): FetchCall[];
  /** The last call, failing the test when there was none. */
  lastCall(): FetchCall;
}

const unmatched = (call: FetchCall): Answer =>
  apiError(404, 'NOT_FOUND', `No mocked answer for ${call.method} ${call.url}`);

/**
 * Replaces `fetch` for every test of the file (call it at the top level): each test starts with no
 * routes and no recorded calls, and `fetch` is restored after it.
 */
export function installFetchMock(): FetchMock {
  let routes: Route[] = [];
  let fallback: RouteAnswer = unmatched;
  const calls: FetchCall[] = [];

  const answerFor = (call: FetchCall): Answer => {
    const index = routes.findLastIndex((r) => sameRequest(call, r.method, r.url));
    const route = routes[index];
    const chosen = route?.answer ?? fallback;
    if (route?.once) routes = routes.filter((_, i) => i !== index);
    return typeof chosen === 'function' ? chosen(call) : chosen;
  };

  const fetchStub = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const call = recordCall(input, init);
    calls.push(call);
    try {
      return toResponse(answerFor(call));
    } catch (error) {
      // A route that throws (e.g. a schema refusing the body) fails the call as fetch would.
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  const mock: FetchMock = {
    calls,
    on(method, url, answer) {
      routes.push({ method, url, answer, once: false });
      return mock;
    },
    once(method, url, answer) {
      routes.push({ method, url, answer, once: true });
      return mock;
    },
    otherwise(answer) {
      fallback = answer;
      return mock;
    },
    callsTo: (method, url) => calls.filter((c) => sameRequest(c, method, url)),
    lastCall() {
      const call = calls.at(-1);
      if (!call) throw new Error('fetch was not called');
      return call;
    },
  };

  beforeEach(() => {
    routes = [];
    fallback = unmatched;
    calls.length = 0;
    vi.stubGlobal('fetch', vi.fn(fetchStub));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return mock;
}
