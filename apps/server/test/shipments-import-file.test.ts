import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query.ts';
import { createTestContext, login, type TestContext } from './helpers.ts';
import { SETUP_MS } from './campaigns-helpers.ts';
import {
  clientIdOf,
  file,
  filler,
  iccid,
  imei,
  line,
  preview,
  unitCount,
  upload,
} from './shipments-helpers.ts';

/**
 * The shipment import's handling of files (POST /api/shipments/import): encodings, delimiters,
 * aliases, the 5 MB and 10,000-row limits, the sample packing list, and what an import writes.
 */

describe('shipment import: reading and writing files', () => {
  let ctx: TestContext;
  let lead: string;
  let rmt: number;
  const as = () => ({ token: lead, clientId: rmt });

  beforeAll(async () => {
    ctx = await createTestContext();
    lead = (await login(ctx, 'lead')).token;
    rmt = await clientIdOf(ctx, 'ag-100');
  }, SETUP_MS);
  afterAll(() => ctx.close());

  it('reads UTF-8 with or without a BOM alike', async () => {
    const text = file([
      line('A-1', 'GPS', imei(1), iccid(1), '+15550100001', 'FMC130', 'Boîte 1'),
      line('A-2'),
    ]);
    const plain = await preview(ctx, text, as());
    const withBom = await preview(
      ctx,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      as(),
    );
    expect(withBom).toEqual(plain);
    expect(plain).toMatchObject({
      new: 2,
      unchanged: 0,
      errors: [],
      warnings: [],
      imported: false,
      shipment: null,
    });
  });

  it('finds `,` `;` and tab from the header, and matches names ignoring case, spaces and `_`, with aliases', async () => {
    const files = [
      `Serial Number,Device Type,IMEI\nB-1,tablet,${imei(2)}\n`,
      `S/N;DEVICE_TYPE;ICCID;Phone\nB-2;ROUTER;${iccid(2)};+44 20 7946 0958\n`,
      `sn\tdevice_type\tbox\nB-3\theadsign\tBOX-9\n`,
    ];
    for (const body of files)
      expect(await preview(ctx, body, as())).toMatchObject({ new: 1, errors: [], warnings: [] });
  });

  it('takes GPS, Tablet, Router, APC and Other in any case, and headsign as Other', async () => {
    const types = ['gps', 'TABLET', 'Router', 'apc', 'other', 'Headsign'];
    const body = file(types.map((t, i) => line(`C-${String(i)}`, t)));
    const res = await preview(ctx, body, { ...as(), dryRun: false, reference: 'PO-TYPES' });
    expect(res).toMatchObject({ new: 6, imported: true });
    const rows = await queryRows<{ device_type: string }>(
      ctx.deps.db,
      sql`select device_type from shipment_units where serial like 'C-%' order by serial`,
    );
    expect(rows.map((r) => r.device_type)).toEqual(['GPS', 'Tablet', 'Router', 'APC', 'Other', 'Other']);
  });

  it('a file above 5 MB, with or without a length: 413 with the design’s message, never a 500', async () => {
    const mib = Buffer.from(`${line('SN-1')}\n`.repeat(128 * 1024));
    const six = [mib, mib, mib, mib, mib, mib];
    for (const body of [Buffer.concat(six), Readable.from(six)]) {
      const res = await upload(ctx, body, { ...as(), contentType: 'text/csv' });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: 'CSV_TOO_LARGE',
        message: 'The file is larger than 5 MB. Split it and upload the parts.',
      });
    }
  });

  it('imports 10,000 rows in one transaction', async () => {
    const body = file(filler('D', 10_000));
    const dry = await preview(ctx, body, as());
    expect(dry).toMatchObject({ new: 10_000, errors: [], imported: false });
    const before = await unitCount(ctx, rmt);
    const res = await preview(ctx, body, { ...as(), dryRun: false, reference: 'PO-BIG' });
    expect(res).toMatchObject({ new: 10_000, imported: true });
    expect(res.shipment).toMatchObject({ reference: 'PO-BIG', rows: 10_000, counts: { in_stock: 10_000 } });
    expect(await unitCount(ctx, rmt)).toBe(before + 10_000);
  }, 120_000);

  it('imports the sample packing list (docs/samples/shipment-sample.csv): 20 units in stock', async () => {
    const bytes = await readFile(new URL('../../../docs/samples/shipment-sample.csv', import.meta.url));
    const dry = await preview(ctx, bytes, as());
    expect(dry).toMatchObject({ new: 20, unchanged: 0, errors: [], warnings: [] });
    const res = await preview(ctx, bytes, { ...as(), dryRun: false, reference: 'PO-2611' });
    expect(res.shipment).toMatchObject({
      reference: 'PO-2611',
      rows: 20,
      importedBy: { name: 'Lee Supervisor' },
      counts: { in_stock: 20, installed: 0, faulty: 0, returned: 0 },
    });
    const [unit] = await queryRows<Record<string, string>>(
      ctx.deps.db,
      sql`select serial, device_type, imei, iccid, phone, model, box, status from shipment_units
        where serial = 'TB-2611-0009'`,
    );
    expect(unit).toEqual({
      serial: 'TB-2611-0009',
      device_type: 'Tablet',
      imei: '356307040050097',
      iccid: '8914800000241000096',
      phone: '+15550200009',
      model: 'Samsung Galaxy Tab Active5',
      box: 'BOX-03',
      status: 'in_stock',
    });
  });

  it('a preview writes nothing; serials are kept trimmed and upper-cased, phones compact', async () => {
    const before = await unitCount(ctx, rmt);
    await preview(ctx, file([line('  e-1 ', 'GPS', '', '', '+1 (555) 010-0002')]), as());
    expect(await unitCount(ctx, rmt)).toBe(before);
    await preview(ctx, file([line('  e-1 ', 'GPS', '', '', '+1 (555) 010-0002')]), {
      ...as(),
      dryRun: false,
    });
    const rows = await queryRows<{ serial: string; phone: string }>(
      ctx.deps.db,
      sql`select serial, phone from shipment_units where serial = 'E-1'`,
    );
    expect(rows).toEqual([{ serial: 'E-1', phone: '+15550100002' }]);
  });

  it('refuses a body that is not text/csv (415) and a missing reference (400), each as {code, message}', async () => {
    const json = await upload(ctx, JSON.stringify({ serial: 'X' }), {
      ...as(),
      contentType: 'application/json',
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the file as text/csv.',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/import?clientId=${String(rmt)}&dryRun=1`,
      headers: { authorization: `Bearer ${lead}`, 'content-type': 'text/csv' },
      payload: file([line('F-1')]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string; message: string }>().code).toBe('VALIDATION');
  });
});
