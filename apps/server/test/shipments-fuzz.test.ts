import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShipmentPreviewSchema } from '@toolkit/contracts/shipments.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { call, signInAll, SETUP_MS, type People } from './campaigns-helpers.ts';
import { file, imei, line, preview, upload, HEADER } from './shipments-helpers.ts';

/**
 * Malformed input to the shipment routes (issue 35): hostile queries, PATCH bodies and CSV files
 * (random text and bytes, quotes, delimiters, line breaks). No answer is a 5xx; every refusal is
 * `{ code, message }`, and every preview has the contract's shape.
 */

const hostileText = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', '%00', 'in_stock', 'faulty', '3.56307E+14', '😀', "'; drop table x; --"),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: 200, max: 5000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2, 2_147_483_647, 2_147_483_648, 2 ** 53, 1.5, 1e308),
  fc.integer(),
);
const leaf: fc.Arbitrary<unknown> = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null));
const patchBody: fc.Arbitrary<unknown> = fc.oneof(
  leaf,
  fc.array(leaf, { maxLength: 4 }),
  fc.dictionary(fc.constantFrom('status', 'note', 'serial', 'id'), leaf, { maxKeys: 3 }),
);
const csvChar = fc.constantFrom(
  'a',
  'Z',
  '1',
  '8',
  '9',
  ',',
  ';',
  '\t',
  '"',
  '\n',
  '\r',
  ' ',
  'é',
  '\u0000',
  '+',
);
const csvText = fc.oneof(
  fc.string({ unit: csvChar, maxLength: 300 }),
  fc
    .array(fc.string({ unit: csvChar, maxLength: 60 }), { maxLength: 12 })
    .map((rows) => [HEADER, ...rows].join('\n')),
);
const queryValue = fc.oneof(hostileText, hostileNumber.map(String));

function expectShape(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const answer = JSON.parse(res.body) as { code: unknown; message: unknown };
    expect(typeof answer.code).toBe('string');
    expect(typeof answer.message).toBe('string');
  }
}

describe('shipment routes under malformed input', () => {
  let ctx: TestContext;
  let p: People;
  let unitId = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    p = await signInAll(ctx);
    const res = await preview(ctx, file([line('FZ-1', 'GPS', imei(1))]), {
      token: p.lead,
      clientId: p.rmt,
      dryRun: false,
    });
    unitId =
      (await call(ctx, p.lead, 'GET', `/api/shipments/${String(res.shipment?.id ?? 0)}/units`)).json<{
        items: { id: number }[];
      }>().items[0]?.id ?? 0;
  }, SETUP_MS);
  afterAll(() => ctx.close());

  it('PATCH bodies: never 5xx, refusals as {code, message}', async () => {
    expect(unitId).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(patchBody, async (payload) => {
        const res = await ctx.app.inject({
          method: 'PATCH',
          url: `/api/shipment-units/${String(unitId)}`,
          headers: { authorization: `Bearer ${p.lead}`, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expectShape(res, 'PATCH');
      }),
      { numRuns: 60, seed: 35 },
    );
  });

  it('queries of the lists, the scan, the index and the import: never 5xx', async () => {
    const urls = (v: string, n: string) => [
      `/api/shipment-units/lookup?clientId=${n}&code=${v}`,
      `/api/shipment-units/lookup?clientId=${String(p.rmt)}&code=${v}`,
      `/api/shipment-units/index?clientId=${n}`,
      `/api/shipments/client/${n}?campaignId=${v}`,
      `/api/shipments/${n}/units?status=${v}&cursor=${v}`,
      `/api/shipments/1/units?cursor=${v}`,
      `/api/campaigns/${n}/stock`,
    ];
    await fc.assert(
      fc.asyncProperty(queryValue, queryValue, async (v, n) => {
        for (const url of urls(encodeURIComponent(v), encodeURIComponent(n)))
          expectShape(await call(ctx, p.lead, 'GET', url), url);
        const query = `clientId=${encodeURIComponent(n)}&reference=${encodeURIComponent(v)}&campaignId=${encodeURIComponent(n)}&dryRun=1`;
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/shipments/import?${query}`,
          headers: { authorization: `Bearer ${p.lead}`, 'content-type': 'text/csv' },
          payload: file([line('FZ-2')]),
        });
        expectShape(res, query);
      }),
      { numRuns: 40, seed: 35 },
    );
  });

  it('a control character in a cell is refused with its row, never written', async () => {
    const res = await upload(ctx, file([line('FZ-3'), line('NUL\u0000X', 'GPS', '', '', '', 'M\u0007')]), {
      token: p.lead,
      clientId: p.rmt,
      dryRun: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      imported: false,
      errors: [
        { row: 3, message: 'Row 3: serial holds a control character; remove it and export again.' },
        { row: 3, message: 'Row 3: model holds a control character; remove it and export again.' },
      ],
    });
  });

  it('CSV files of random text and bytes: never 5xx, always a preview of the contract’s shape', async () => {
    const bodies = fc.oneof(
      csvText.map((t) => Buffer.from(t)),
      fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b)),
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.boolean(), async (body, dryRun) => {
        const res = await upload(ctx, body, { token: p.lead, clientId: p.rmt, dryRun, reference: 'PO-FUZZ' });
        expectShape(res, JSON.stringify(body.toString('utf8').slice(0, 100)));
        if (res.statusCode === 200) expect(ShipmentPreviewSchema.safeParse(res.json()).success).toBe(true);
      }),
      { numRuns: 150, seed: 35 },
    );
  });
});
