import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvPreview } from '@toolkit/contracts/campaigns.ts';
import { queryRows } from '../src/db/query.ts';
import { bearer, createTestContext, login, type TestContext } from './helpers.ts';

/**
 * The bus-list import (POST /api/campaigns/{id}/buses/import): every message of the design word
 * for word, the reader's handling of encodings, delimiters and row numbers, and what is written.
 */

const HEADER = 'vehicle_id,assignee,planned_on,notes';

describe('bus-list import', () => {
  let ctx: TestContext;
  let lead: string;
  let crew2: string;
  let leadId: number;
  let rmt: number;
  let spring: number;

  const rowsOf = <T>(query: SQL) => queryRows<T>(ctx.deps.db, query);
  async function idOf(query: SQL): Promise<number> {
    const [row] = await rowsOf<{ id: number }>(query);
    if (!row) throw new Error('no row');
    return Number(row.id);
  }
  const clientId = (externalId: string) =>
    idOf(sql`select id from clients where external_id = ${externalId}`);
  const newCampaign = (client: number, name: string) =>
    idOf(
      sql`insert into campaigns (client_id, name, created_by) values (${client}, ${name}, ${leadId}) returning id`,
    );
  const addBus = (campaignId: number, fleet: string, state = 'planned') =>
    idOf(sql`insert into campaign_buses (campaign_id, vehicle_id, state)
      select ${campaignId}, id, ${state} from vehicles where client_id = ${rmt} and vehicle_id = ${fleet} returning id`);
  const busCount = async (campaignId: number) =>
    (await rowsOf(sql`select id from campaign_buses where campaign_id = ${campaignId}`)).length;
  const imports = (campaignId: number) =>
    rowsOf<{ payload: Record<string, unknown> }>(
      sql`select payload from campaign_events where campaign_id = ${campaignId} and kind = 'imported'`,
    );
  const upload = (
    campaignId: number,
    body: string | Buffer | Readable,
    options: { dryRun?: boolean; token?: string; contentType?: string } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/campaigns/${String(campaignId)}/buses/import${options.dryRun === false ? '' : '?dryRun=1'}`,
      headers: {
        ...bearer(options.token ?? lead),
        'content-type': options.contentType ?? 'text/csv; charset=utf-8',
      },
      payload: body,
    });
  async function preview(campaignId: number, body: string | Buffer, dryRun = true): Promise<CsvPreview> {
    const res = await upload(campaignId, body, { dryRun });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CsvPreview>();
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    const signedIn = await login(ctx, 'lead');
    lead = signedIn.token;
    leadId = signedIn.user.id;
    crew2 = (await login(ctx, 'crew2')).token;
    await login(ctx, 'rival');
    rmt = await clientId('ag-100');
    const winter = await newCampaign(rmt, 'Winter retrofit');
    spring = await newCampaign(rmt, 'Spring refit');
    await addBus(winter, '1003');
  });
  afterAll(() => ctx.close());

  describe('the design’s messages, word for word', () => {
    const rows = (lines: string) => [HEADER, ...lines.split('|')].join('\n');
    // One test per message: the message, and the data rows (split at |) that provoke it.
    const ROW_MESSAGES: [string, string][] = [
      ['Row 4: vehicle 1399 is not in RMT. Add it first or remove the row.', '1001,,,|1002,,,|1399,,,'],
      ['Row 5: bus 1003 is already in campaign "Winter retrofit".', '1001,,,|1002,,,|1004,,,|1003,,,'],
      ['Row 6: assignee "kim" is not an installer of RMT.', '1001,,,|1002,,,|1004,,,|1005,,,|1006,kim,,'],
      ['Row 2: assignee "rival" is not an installer of RMT.', '1001,rival,,'],
      [
        'Row 7: planned_on "12/01/2026" must be YYYY-MM-DD.',
        '1001,,,|1002,,,|1004,,,|1005,,,|1006,,,|1007,,12/01/2026,',
      ],
      ['Row 2: planned_on "2026-02-30" must be YYYY-MM-DD.', '1001,,2026-02-30,'],
      ['Row 3: a quoted field is not closed.', '1001,,,|1002,,,"never closed|1004,,,'],
      ['Row 3: the row is empty; remove empty rows between data rows.', '1001,,,|,,,|1002,,,||'],
      ['Row 3: vehicle_id is empty.', '1001,,,|,crew2,,'],
      ['Row 4: vehicle 1001 appears again (first in row 2).', '1001,,,|1002,,,|1001,,,'],
    ];
    it.each(ROW_MESSAGES)('%s', async (message, lines) => {
      const row = Number(/^Row (\d+):/.exec(message)?.[1]);
      expect(await preview(spring, rows(lines))).toMatchObject({
        imported: false,
        errors: [{ row, message }],
      });
    });

    const FILE_MESSAGES: [string, string | Buffer][] = [
      ['The file is empty.', ''],
      [
        'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
        Buffer.from(`${HEADER}\n1001,,,Révision\n`, 'latin1'),
      ],
      ['Column "notes" appears twice.', 'vehicle_id,notes,Notes\n1001,a,b\n'],
      [
        'The file has 10,001 rows; the limit is 10,000. Split it and upload the parts.',
        rows(Array.from({ length: 10_001 }, (_, i) => `X${String(i)},,,`).join('|')),
      ],
    ];
    it.each(FILE_MESSAGES)('%s', async (message, body) => {
      expect(await preview(spring, body)).toMatchObject({
        imported: false,
        errors: [{ row: null, message }],
      });
    });

    it('Missing required column: vehicle_id. (with the expected header)', async () => {
      expect(await preview(spring, 'assignee;notes\ncrew2;x\n')).toMatchObject({
        errors: [{ row: null, message: 'Missing required column: vehicle_id.' }],
        expectedHeader: 'vehicle_id;assignee;planned_on;notes',
      });
    });

    it('Unknown column "colour" is ignored. (a warning that does not block)', async () => {
      expect(await preview(spring, 'vehicle_id,colour\n1001,red\n')).toMatchObject({
        new: 1,
        errors: [],
        warnings: [{ row: null, message: 'Unknown column "colour" is ignored.' }],
      });
    });

    it('Row 2: has 7 cells but the header has 4.', async () => {
      expect((await preview(spring, rows('1001,,,,,,|1002,,'))).errors).toEqual([
        { row: 2, message: 'Row 2: has 7 cells but the header has 4.' },
        { row: 3, message: 'Row 3: has 3 cells but the header has 4.' },
      ]);
    });

    it('a file above 5 MB, with or without a length: 413 with the design’s message, never a 500', async () => {
      const mib = Buffer.from('1001,,,\n'.repeat(128 * 1024));
      // A declared length is refused before reading; a stream without one is cut off at 5 MB.
      const six = [mib, mib, mib, mib, mib, mib];
      for (const body of [Buffer.concat(six), Readable.from(six)]) {
        const res = await upload(spring, body, { contentType: 'text/csv' });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({
          code: 'CSV_TOO_LARGE',
          message: 'The file is larger than 5 MB. Split it and upload the parts.',
        });
      }
    });
  });

  describe('reading the file', () => {
    it('reads UTF-8 with or without a BOM alike', async () => {
      const text = `${HEADER}\n1001,crew2,2026-12-01,Front door\n1002,,,\n`;
      const plain = await preview(spring, text);
      const withBom = await preview(
        spring,
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      );
      expect(withBom).toEqual(plain);
      expect(plain).toMatchObject({ new: 2, unchanged: 0, errors: [], warnings: [], imported: false });
    });

    it('finds `;` and tab delimiters from the header, and column aliases', async () => {
      const semicolons = 'Fleet Number;Assignee;Planned_On\n1001;CREW2;2026-12-01\n1002;;\n';
      expect(await preview(spring, semicolons)).toMatchObject({ new: 2, errors: [] });
      expect(await preview(spring, 'bus\tnotes\n1001\tleft, then right\n')).toMatchObject({
        new: 1,
        errors: [],
      });
    });

    it('numbers rows as the spreadsheet shows them, a quoted line break staying in its row', async () => {
      const file = [HEADER, '1001,,,"two', 'lines"', '1002,,,', '1399,,,'].join('\n');
      expect((await preview(spring, file)).errors).toEqual([
        { row: 4, message: 'Row 4: vehicle 1399 is not in RMT. Add it first or remove the row.' },
      ]);
    });

    it('counts every error but lists the first 100', async () => {
      const rows = Array.from({ length: 150 }, (_, i) => `Z${String(i)},,,`);
      const result = await preview(spring, [HEADER, ...rows].join('\n'));
      expect(result.errorCount).toBe(150);
      expect(result.errors).toHaveLength(100);
      expect(result.errors[0]?.row).toBe(2);
    });

    it('refuses a body that is not text/csv', async () => {
      const res = await upload(spring, JSON.stringify({ vehicle_id: '1001' }), {
        contentType: 'application/json',
      });
      expect(res.statusCode).toBe(415);
    });
  });

  describe('who may import', () => {
    it('answers 404 for another agency’s campaign and for none', async () => {
      const pct = await newCampaign(await clientId('ag-300'), 'Rural refit');
      for (const id of [pct, 999_999]) {
        const res = await upload(id, `${HEADER}\n1001,,,\n`);
        expect(res.statusCode).toBe(404);
      }
    });

    it('answers 403 to an installer', async () => {
      const res = await upload(spring, `${HEADER}\n1001,,,\n`, { token: crew2 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    });
  });

  describe('writing', () => {
    it('writes nothing on a dry run or while the file has errors', async () => {
      const campaign = await newCampaign(rmt, 'Dry run');
      await preview(campaign, `${HEADER}\n1010,crew2,,\n1011,,,\n`);
      const blocked = await preview(campaign, `${HEADER}\n1010,crew2,,\n1399,,,\n`, false);
      expect(blocked).toMatchObject({ new: 1, imported: false, errorCount: 1 });
      expect(await busCount(campaign)).toBe(0);
      expect(await imports(campaign)).toEqual([]);
    });

    it('imports a clean file in one go and records the event; the same file again is unchanged', async () => {
      const campaign = await newCampaign(rmt, 'Autumn refit');
      const file = `${HEADER}\n1020,crew2,2026-12-01,Rear door sticks\n1021,,,\n1022,crew2@installer-toolkit.local,,\n`;
      const first = await preview(campaign, file, false);
      expect(first).toMatchObject({ new: 3, unchanged: 0, updated: 0, errors: [], imported: true });
      const rows = await rowsOf(sql`select v.vehicle_id as fleet, cb.state, cb.planned_on, cb.notes,
          cb.assignee_id is not null as assigned
        from campaign_buses cb join vehicles v on v.id = cb.vehicle_id
        where cb.campaign_id = ${campaign} order by v.vehicle_id`);
      expect(rows).toEqual([
        {
          fleet: '1020',
          state: 'in_progress',
          planned_on: '2026-12-01',
          notes: 'Rear door sticks',
          assigned: true,
        },
        { fleet: '1021', state: 'planned', planned_on: null, notes: null, assigned: false },
        { fleet: '1022', state: 'in_progress', planned_on: null, notes: null, assigned: true },
      ]);
      const [event, ...more] = await imports(campaign);
      expect(more).toEqual([]);
      expect(event?.payload).toMatchObject({ new: 3, rows: 3 });

      const again = await preview(campaign, file, false);
      expect(again).toMatchObject({ new: 0, unchanged: 3, updated: 0, errors: [], imported: true });
      expect(await busCount(campaign)).toBe(3);
      expect(await imports(campaign)).toHaveLength(1);

      const changed = await preview(
        campaign,
        `vehicle_id,planned_on\n1021,2026-12-24\n1020,2026-12-01\n`,
        false,
      );
      expect(changed).toMatchObject({ new: 0, updated: 1, unchanged: 1, imported: true });
      expect(await imports(campaign)).toHaveLength(2);
    });

    it('imports once under an Idempotency-Key, the retry answering the first result', async () => {
      const campaign = await newCampaign(rmt, 'Keyed');
      const send = () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/campaigns/${String(campaign)}/buses/import`,
          headers: { ...bearer(lead), 'content-type': 'text/csv', 'idempotency-key': 'import-key-0001' },
          payload: `${HEADER}\n1040,,,\n1041,,,\n`,
        });
      const first = await send();
      const retry = await send();
      expect(first.json()).toMatchObject({ new: 2, imported: true });
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(await busCount(campaign)).toBe(2);
      expect(await imports(campaign)).toHaveLength(1);
    });

    it('refuses to change an accepted bus', async () => {
      const campaign = await newCampaign(rmt, 'Locked');
      await addBus(campaign, '1030', 'accepted');
      expect((await preview(campaign, `${HEADER}\n1030,,,\n`)).errors).toEqual([]);
      expect((await preview(campaign, `${HEADER}\n1030,,2026-12-01,\n`)).errors).toEqual([
        { row: 2, message: 'Row 2: bus 1030 is accepted; ask a supervisor to reopen it.' },
      ]);
    });
  });
});
