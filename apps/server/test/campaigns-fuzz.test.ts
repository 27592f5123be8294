import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  addBuses,
  call,
  createCampaign,
  signInAll,
  vehiclesOf,
  SETUP_MS,
  type People,
} from './campaigns-helpers.ts';

/**
 * Malformed bodies to every campaign write (issue 34): random JSON shapes, the routes' own field
 * names with hostile values, wrong types, huge and control-character text. No answer is a 5xx, and
 * every refusal has the house's `{ code, message }` shape.
 */

const FIELDS = [
  'clientId',
  'name',
  'items',
  'startsOn',
  'dueOn',
  'status',
  'vehicleIds',
  'busIds',
  'userId',
  'state',
  'note',
  'code',
  'unitCode',
  'exceptions',
  'version',
  'forced',
  'reason',
  'occurredAt',
  'key',
  'kind',
];
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'other',
    'na',
    'done',
    'fit',
    '2026-13-45',
    '2026-11-01T08:00:00Z',
    '😀',
  ),
  fc.string({ maxLength: 30 }),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2, 2_147_483_647, 2_147_483_648, 2 ** 53, 1.5, 1e308),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const leaf: fc.Arbitrary<unknown> = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.oneof(
  leaf,
  fc.array(leaf, { maxLength: 5 }),
  fc.array(fc.record({ key: hostileText, label: hostileText, kind: hostileText, busId: hostileNumber }), {
    maxLength: 4,
  }),
  fc.dictionary(hostileText, leaf, { maxKeys: 4 }),
);
const body: fc.Arbitrary<unknown> = fc.oneof(
  value,
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
);

describe('campaign writes under malformed bodies', () => {
  let ctx: TestContext;
  let p: People;
  let routes: { method: 'POST' | 'PUT' | 'PATCH'; url: string; token: string }[];
  beforeAll(async () => {
    ctx = await createTestContext();
    p = await signInAll(ctx);
    const campaign = await createCampaign(ctx, p.lead, p.rmt, 'Fuzzed');
    const [v] = await vehiclesOf(ctx, p.rmt, 1);
    const [bus] = await addBuses(ctx, p.lead, campaign.id, [v?.id ?? 0]);
    const c = `/api/campaigns/${String(campaign.id)}`;
    const b = `/api/campaign-buses/${String(bus)}`;
    routes = [
      { method: 'POST', url: '/api/campaigns', token: p.lead },
      { method: 'PATCH', url: c, token: p.lead },
      { method: 'POST', url: `${c}/buses`, token: p.lead },
      { method: 'POST', url: '/api/campaign-buses/assign', token: p.lead },
      { method: 'POST', url: '/api/campaign-buses/accept', token: p.lead },
      { method: 'POST', url: `${b}/claim`, token: p.crew },
      { method: 'PUT', url: `${b}/items/cables_tied`, token: p.crew },
      { method: 'PUT', url: `${b}/items/gps_fitted`, token: p.lead },
      { method: 'POST', url: `${b}/block`, token: p.crew },
      { method: 'POST', url: `${b}/unblock`, token: p.crew },
      { method: 'POST', url: `${b}/submit`, token: p.crew },
      { method: 'POST', url: `${b}/accept`, token: p.lead },
      { method: 'POST', url: `${b}/reject`, token: p.lead },
      { method: 'POST', url: `${b}/reopen`, token: p.lead },
    ];
  }, SETUP_MS);
  afterAll(() => ctx.close());

  it('never answers 5xx, and refuses in the {code, message} shape', async () => {
    for (const route of routes)
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const res = await ctx.app.inject({
            method: route.method,
            url: route.url,
            headers: { authorization: `Bearer ${route.token}`, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expect(res.statusCode, `${route.method} ${route.url} ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const answer = res.json<{ code: unknown; message: unknown }>();
            expect(typeof answer.code).toBe('string');
            expect(typeof answer.message).toBe('string');
          }
        }),
        { numRuns: 30, seed: 34 },
      );
  });

  it('answers 400 for a body that does not parse and for hostile path parts', async () => {
    for (const url of ['/api/campaign-buses/1/claim', '/api/campaigns']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${p.lead}`, 'content-type': 'application/json' },
        payload: '{"clientId": 1,',
      });
      expect(res.statusCode).toBe(400);
    }
    for (const url of [
      '/api/campaign-buses/0/claim',
      '/api/campaign-buses/2147483648/claim',
      '/api/campaign-buses/abc/claim',
      '/api/campaign-buses/1/items/BAD%00KEY',
      '/api/campaigns/1/buses?cursor=%00',
    ]) {
      const res = await call(
        ctx,
        p.lead,
        url.includes('items') ? 'PUT' : url.includes('?') ? 'GET' : 'POST',
        url,
        {
          state: 'done',
        },
      );
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });
});
