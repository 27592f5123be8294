import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, type TestContext } from './helpers.ts';

/**
 * Fuzz test generated from the OpenAPI document (`/api/docs`, itself generated from the
 * contracts): every route gets malformed path parameters, queries and bodies (wrong types,
 * out-of-range numbers, NUL and control characters, huge strings, deep nesting). No answer may be
 * a 5xx, and every 4xx has the house's `{ code, message }` shape. Bounded to about a minute.
 */

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProps: string[] | null;
}
interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Routes left out: test-only simulator controls (they inject outages) and sign-out (ends the session). */
const SKIPPED = [/^\/api\/__simulator\//, /^\/api\/auth\/logout$/];
const TIME_BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 60_000);

const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%00',
    '\u0007\u001b[31m',
    '\uD800',
    '😀',
    "'; drop table users; --",
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648, 2 ** 53, -(2 ** 53), 1.5, 1e308, -0),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** Deep nesting as raw JSON text (a value this deep would overflow the test's own reporting). */
const deepJson = fc
  .integer({ min: 50, max: 20_000 })
  .map((depth) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileText, hostileNumber), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 4 }),
);
const pathValue = fc.oneof(
  fc.constantFrom(
    '2147483648',
    '99999999999999999999',
    '-1',
    '0',
    '1.5',
    'NaN',
    '1e3',
    '%00',
    '%E0%A4%A',
    '..',
  ),
  hostileText.map((t) => t.slice(0, 300)),
  hostileNumber.map(String),
);

const encode = (v: string) => {
  if (/^%/.test(v)) return v;
  try {
    return encodeURIComponent(v);
  } catch {
    return encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '?'));
  }
};

function operations(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .filter(() => !SKIPPED.some((p) => p.test(path)))
      .map(([method, op]) => {
        const params = op.parameters ?? [];
        const schema = op.requestBody?.content?.['application/json']?.schema;
        return {
          method: method.toUpperCase(),
          path,
          pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
          bodyProps: op.requestBody ? Object.keys(schema?.properties ?? {}) : null,
        };
      }),
  );
}

describe('fuzz: every route of /api/docs with malformed input', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await login(ctx)).token;
  });
  afterAll(() => ctx.close());

  it('never answers 5xx, and every 4xx has { code, message }', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDoc>();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(40);
    const deadline = Date.now() + TIME_BUDGET_MS;
    // About 50 requests per route; the deadline stops earlier on a slow machine.
    const perRoute = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 50);
    let requests = 0;
    const serverErrors: string[] = [];
    const badShapes: string[] = [];
    const thrown: string[] = [];

    for (const op of ops) {
      if (Date.now() > deadline) break;
      const request = fc.record({
        params: fc.tuple(...op.pathParams.map(() => pathValue)),
        query: fc.dictionary(fc.constantFrom(...op.queryParams, 'extra'), pathValue, { maxKeys: 3 }),
        body: op.bodyProps
          ? fc.oneof(
              fc.dictionary(fc.constantFrom(...op.bodyProps, 'extra'), hostileValue, { maxKeys: 8 }),
              hostileValue,
            )
          : fc.constant(undefined),
        rawBody: fc.option(fc.oneof(fc.constantFrom('{', '[1,', '\u0000', 'not json', '{"a":}'), deepJson), {
          freq: 4,
        }),
        idempotencyKey: fc.option(
          fc.oneof(
            fc.uuid(),
            hostileText.map((t) => t.slice(0, 200)),
          ),
          { freq: 3 },
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          if (Date.now() > deadline) return;
          let url = op.path;
          op.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, encode(r.params[i] ?? ''))));
          const query = Object.entries(r.query)
            .map(([k, v]) => `${k}=${encode(v)}`)
            .join('&');
          const headers: Record<string, string> = { ...bearer(token) };
          if (r.idempotencyKey !== null && /^[\x20-\x7e]*$/.test(r.idempotencyKey))
            headers['idempotency-key'] = r.idempotencyKey;
          const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
          if (hasBody) headers['content-type'] = 'application/json';
          let res;
          try {
            res = await ctx.app.inject({
              method: op.method as 'GET',
              url: query ? `${url}?${query}` : url,
              headers,
              ...(hasBody ? { payload: r.rawBody ?? JSON.stringify(r.body ?? null) } : {}),
            });
          } catch (err) {
            // Recorded briefly: fast-check would print the (possibly huge) input otherwise.
            thrown.push(`${op.method} ${op.path}: ${err instanceof Error ? err.message : String(err)}`);
            return;
          }
          requests += 1;
          const label = `${op.method} ${url.slice(0, 120)} -> ${String(res.statusCode)}`;
          if (res.statusCode >= 500) serverErrors.push(`${label} ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400 && res.statusCode < 500) {
            let body: unknown = null;
            try {
              body = res.json();
            } catch {
              body = null;
            }
            const ok =
              typeof body === 'object' &&
              body !== null &&
              typeof (body as { code?: unknown }).code === 'string' &&
              typeof (body as { message?: unknown }).message === 'string';
            if (!ok) badShapes.push(`${label} ${res.body.slice(0, 200)}`);
          }
        }),
        { numRuns: perRoute, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    }
    console.log(
      `fuzz: ${String(requests)} requests over ${String(ops.length)} routes, 5xx: ${String(serverErrors.length)}, 4xx without {code,message}: ${String(badShapes.length)}`,
    );
    expect(serverErrors.slice(0, 10)).toEqual([]);
    expect(badShapes.slice(0, 10)).toEqual([]);
    expect(thrown.slice(0, 10)).toEqual([]);
    expect(requests).toBeGreaterThan(ops.length * 5);
  }, 240_000);
});
