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
  withCheckDigit,
  HEADER,
} from './shipments-helpers.ts';

/**
 * The shipment import (POST /api/shipments/import): every message of the design's shipment list,
 * word for word, one test each, so that a changed text fails here; and that an error blocks it.
 */

describe('shipment import: the design’s messages, word for word', () => {
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

  // The message, and the data lines that provoke it (the header is row 1).
  const ROW_MESSAGES: [string, string[]][] = [
    ['Row 7: serial is empty.', [...filler('A', 5), line('')]],
    [
      'Row 8: "3.56307E+14" looks like a number Excel shortened. Format the column as Text, paste the values again and re-export.',
      [...filler('B', 6), line('SN-8', 'GPS', '3.56307E+14')],
    ],
    [
      'Row 9: IMEI "35630704244101" must have 15 digits.',
      [...filler('C', 7), line('SN-9', 'GPS', '35630704244101')],
    ],
    [
      'Row 10: IMEI 352099001761482 fails its check digit; check for a typo.',
      [...filler('D', 8), line('SN-10', 'GPS', '352099001761482')],
    ],
    [
      'Row 11: device type "modem" is not one of GPS, Tablet, Router, APC, Other.',
      [...filler('E', 9), line('SN-11', 'modem')],
    ],
    [
      'Row 12: serial SN-1001 appears again (first in row 2).',
      [line('SN-1001'), ...filler('F', 9), line('sn-1001')],
    ],
    [
      `Row 4: IMEI ${imei(1)} appears again (first in row 3).`,
      [line('G-1'), line('G-2', 'GPS', imei(1)), line('G-3', 'GPS', imei(1))],
    ],
    [
      `Row 3: ICCID ${iccid(1)} appears again (first in row 2).`,
      [line('H-1', 'Router', '', iccid(1)), line('H-2', 'Router', '', iccid(1))],
    ],
    ['Row 16: has 9 cells but the header has 7.', [...filler('I', 14), 'SN-16,GPS,,,,,,,']],
    [
      'Row 17: a quoted field is not closed.',
      [...filler('J', 15), 'SN-17,GPS,,,,,"never closed', line('J-99')],
    ],
    [
      'Row 18: the row is empty; remove empty rows between data rows.',
      [...filler('K', 16), ',,,,,,', line('K-99')],
    ],
    ['Row 2: ICCID "123" must have 19 or 20 digits starting with 89.', [line('L-1', 'Router', '', '123')]],
    [
      `Row 2: ICCID ${iccid(2).slice(0, -1)}${String((Number(iccid(2).slice(-1)) + 1) % 10)} fails its check digit; check for a typo.`,
      [line('M-1', 'Router', '', `${iccid(2).slice(0, -1)}${String((Number(iccid(2).slice(-1)) + 1) % 10)}`)],
    ],
    [
      'Row 2: phone "555-0101" must be in international form, like +15551234567.',
      [line('N-1', 'GPS', '', '', '555-0101')],
    ],
    ['Row 2: box has more than 64 characters.', [line('O-1', 'GPS', '', '', '', '', 'B'.repeat(65))]],
    ['Row 2: device_type is empty.', [line('P-1', '')]],
  ];
  it.each(ROW_MESSAGES)('%s', async (message, lines) => {
    const row = Number(/^Row (\d+):/.exec(message)?.[1]);
    expect(await preview(ctx, file(lines), as())).toMatchObject({
      imported: false,
      errors: [{ row, message }],
    });
  });

  const FILE_MESSAGES: [string, string | Buffer][] = [
    ['The file is empty.', ''],
    [
      'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
      Buffer.from(`${HEADER}\nSN-1,GPS,,,,Modèle,\n`, 'latin1'),
    ],
    ['Column "imei" appears twice.', 'serial,device_type,imei,IMEI\nSN-1,GPS,,\n'],
    [
      'The file has 12,480 rows; the limit is 10,000. Split it and upload the parts.',
      file(filler('Q', 12_480)),
    ],
  ];
  it.each(FILE_MESSAGES)('%s', async (message, body) => {
    expect(await preview(ctx, body, as())).toMatchObject({
      new: 0,
      imported: false,
      errors: [{ row: null, message }],
    });
  });

  it('Missing required column: serial. (with the expected header under the file’s)', async () => {
    expect(await preview(ctx, 'device_type,imei\nGPS,\n', as())).toMatchObject({
      errors: [{ row: null, message: 'Missing required column: serial.' }],
      expectedHeader: 'serial,device_type,imei,iccid,phone,model,box',
    });
  });

  it('Unknown column "colour" is ignored. (a warning that does not block)', async () => {
    expect(await preview(ctx, 'serial,device_type,colour\nR-1,gps,red\n', as())).toMatchObject({
      new: 1,
      errors: [],
      warnings: [{ row: null, message: 'Unknown column "colour" is ignored.' }],
    });
  });

  it('This file was already imported on <day> by Lee Supervisor (shipment PO-1187). Nothing new to import.', async () => {
    const body = file([line('S-1', 'GPS', imei(11)), line('S-2', 'Tablet', imei(12))]);
    const first = await preview(ctx, body, { ...as(), dryRun: false, reference: 'PO-1187' });
    expect(first).toMatchObject({ new: 2, imported: true, alreadyImported: null });
    const units = await unitCount(ctx, rmt);
    const day = new Date().toISOString().slice(0, 10);
    for (const dryRun of [true, false])
      expect(await preview(ctx, body, { ...as(), dryRun, reference: 'PO-9999' })).toMatchObject({
        new: 0,
        imported: false,
        errors: [],
        alreadyImported: `This file was already imported on ${day} by Lee Supervisor (shipment PO-1187). Nothing new to import.`,
      });
    expect(await unitCount(ctx, rmt)).toBe(units);
  });

  it('Row 14: serial SN-0999 is already in shipment PO-1101; this row differs (IMEI … vs …); an identical repeat is unchanged', async () => {
    const stored = line('SN-0999', 'GPS', '356307042441054', iccid(14), '+15550100999', 'FMC130', 'BOX-1');
    await preview(ctx, file([stored]), { ...as(), dryRun: false, reference: 'PO-1101' });
    const differs = line('SN-0999', 'GPS', '356307042441047', iccid(14), '+15550100999', 'FMC130', 'BOX-1');
    expect(await preview(ctx, file([...filler('T', 12), differs]), as())).toMatchObject({
      new: 12,
      unchanged: 0,
      errors: [
        {
          row: 14,
          message:
            'Row 14: serial SN-0999 is already in shipment PO-1101; this row differs (IMEI 356307042441047 vs 356307042441054).',
        },
      ],
    });
    // The same unit again, in a new file (serial in another case): unchanged, not an error.
    const again = await preview(ctx, file([stored.replace('SN-0999', 'sn-0999'), line('T-99')]), as());
    expect(again).toMatchObject({ new: 1, unchanged: 1, errors: [] });
  });

  it('Row 15: IMEI 356307042441039 belongs to device 4661200123 on bus 1007.', async () => {
    // The simulator's device 4661200123 of RMT, put on bus 1007 with this IMEI.
    const moved = await queryRows(
      ctx.deps.db,
      sql`update devices set imei = '356307042441039', vehicle_id = (select id from vehicles
          where client_id = ${rmt} and vehicle_id = '1007')
        where device_id = '4661200123' and client_id = ${rmt} returning id`,
    );
    expect(moved).toHaveLength(1);
    const lines = [...filler('U', 13), line('SN-1015', 'GPS', '356307042441039')];
    expect(await preview(ctx, file(lines), as())).toMatchObject({
      errors: [
        { row: 15, message: 'Row 15: IMEI 356307042441039 belongs to device 4661200123 on bus 1007.' },
      ],
    });
  });

  it('an IMEI or ICCID already imported with another serial is named with its shipment', async () => {
    await preview(ctx, file([line('V-1', 'GPS', imei(21), iccid(21))]), {
      ...as(),
      dryRun: false,
      reference: 'PO-1200',
    });
    expect(await preview(ctx, file([line('V-2', 'GPS', imei(21), iccid(21))]), as())).toMatchObject({
      errors: [
        { row: 2, message: `Row 2: IMEI ${imei(21)} is already in shipment PO-1200 (serial V-1).` },
        { row: 2, message: `Row 2: ICCID ${iccid(21)} is already in shipment PO-1200 (serial V-1).` },
      ],
    });
  });

  it('an error anywhere blocks the whole import: nothing is written', async () => {
    const units = await unitCount(ctx, rmt);
    const res = await upload(ctx, file([...filler('W', 50), line('W-bad', 'GPS', withCheckDigit('1234'))]), {
      ...as(),
      dryRun: false,
    });
    expect(res.json()).toMatchObject({ new: 50, imported: false, errorCount: 1, shipment: null });
    expect(await unitCount(ctx, rmt)).toBe(units);
  });
});
