import { describe, expect, it } from 'vitest';
import { detectDelimiter, normalizeColumnName, readCsv, type CsvColumn } from './csv-reader.ts';

const COLUMNS: readonly CsvColumn<'serial' | 'imei' | 'box'>[] = [
  { key: 'serial', name: 'serial', aliases: ['serial number', 's/n', 'sn'], required: true },
  { key: 'imei', name: 'imei' },
  { key: 'box', name: 'box', maxLength: 5 },
];

const bytes = (text: string) => Buffer.from(text, 'utf8');
const read = (text: string, options?: Parameters<typeof readCsv>[2]) =>
  readCsv(bytes(text), COLUMNS, options);
const messages = (list: readonly { message: string }[]) => list.map((m) => m.message);

describe('readCsv', () => {
  it('reads UTF-8 with and without a BOM alike', () => {
    const plain = read('serial,imei\nSN-1,356307042441013\n');
    const withBom = readCsv(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes('serial,imei\nSN-1,356307042441013\n')]),
      COLUMNS,
    );
    expect(withBom).toEqual(plain);
    expect(plain.rows).toEqual([{ row: 2, values: { serial: 'SN-1', imei: '356307042441013', box: '' } }]);
    expect(plain.errors).toEqual([]);
  });

  it('keeps non-ASCII text', () => {
    expect(read('serial,box\nSN-ü,Bö\n').rows[0]?.values).toEqual({ serial: 'SN-ü', imei: '', box: 'Bö' });
  });

  it('refuses bytes that are not UTF-8', () => {
    const result = readCsv(
      Buffer.from([0x73, 0x65, 0x72, 0x69, 0x61, 0x6c, 0x0a, 0xe9, 0x74, 0xe9, 0x0a]),
      COLUMNS,
    );
    expect(result.fatal).toBe(true);
    expect(result.errors).toEqual([
      { row: null, message: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.' },
    ]);
  });

  it('says an empty file, a blank one and a header alone are empty', () => {
    for (const text of ['', '\uFEFF', ' \r\n\n', 'serial,imei\r\n', 'serial\n\n,\n'])
      expect(messages(read(text).errors), JSON.stringify(text)).toEqual(['The file is empty.']);
  });

  it('finds the delimiter from the header: comma, semicolon or tab', () => {
    expect(detectDelimiter('serial;imei;box\n1,2;3;4')).toBe(';');
    expect(detectDelimiter('serial\timei\n')).toBe('\t');
    expect(detectDelimiter('"a;b",c\n')).toBe(',');
    expect(detectDelimiter('serial\n')).toBe(',');
    const semi = read('Serial;IMEI\nSN-1;3,5\n');
    expect(semi.delimiter).toBe(';');
    expect(semi.rows[0]?.values).toMatchObject({ serial: 'SN-1', imei: '3,5' });
    const tab = read('serial\timei\nSN-1\t35\n');
    expect(tab.rows[0]?.values).toMatchObject({ serial: 'SN-1', imei: '35' });
  });

  it('matches names ignoring case, spaces and _, with aliases', () => {
    expect(normalizeColumnName(' Serial_Number ')).toBe('serialnumber');
    const result = read('Serial Number,I_M_E_I\nSN-1,35\n');
    expect(result.rows[0]?.values).toMatchObject({ serial: 'SN-1', imei: '35' });
    expect([...result.present].sort()).toEqual(['imei', 'serial']);
    expect(read('S/N\nSN-2\n').rows[0]?.values.serial).toBe('SN-2');
  });

  it('warns about an unknown column and ignores it', () => {
    const result = read('serial,colour\nSN-1,red\n');
    expect(result.warnings).toEqual([{ row: null, message: 'Unknown column "colour" is ignored.' }]);
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(1);
  });

  it('refuses a column that appears twice, also through an alias', () => {
    expect(messages(read('serial,imei,IMEI\nSN-1,1,2\n').errors)).toEqual(['Column "imei" appears twice.']);
    expect(messages(read('serial,sn\nSN-1,SN-2\n').errors)).toEqual(['Column "serial" appears twice.']);
  });

  it('names a missing required column and shows the expected header', () => {
    const result = read('imei;box\n35;B1\n');
    expect(result.errors).toEqual([{ row: null, message: 'Missing required column: serial.' }]);
    expect(result.expectedHeader).toBe('serial;imei;box');
    expect(result.rows).toEqual([]);
  });

  it('numbers rows as a spreadsheet does, a quoted line break staying in its row', () => {
    const result = read('serial,box\n"SN-1","a\nb"\nSN-2,\n,B1\n');
    expect(result.rows.map((r) => r.row)).toEqual([2, 3]);
    expect(result.errors).toEqual([{ row: 4, message: 'Row 4: serial is empty.' }]);
  });

  it('reports a row whose cell count differs from the header', () => {
    const result = read('serial,imei\nSN-1,1,2\nSN-2\nSN-3,3\n');
    expect(messages(result.errors)).toEqual([
      'Row 2: has 3 cells but the header has 2.',
      'Row 3: has 1 cells but the header has 2.',
    ]);
    expect(result.rows.map((r) => r.row)).toEqual([4]);
  });

  it('reports a quoted field that is not closed', () => {
    const result = read('serial,imei\nSN-1,1\n"SN-2,2\nSN-3,3\n');
    expect(result.errors).toEqual([{ row: 3, message: 'Row 3: a quoted field is not closed.' }]);
    expect(result.rows.map((r) => r.row)).toEqual([2]);
  });

  it('reports empty rows between data rows and ignores trailing ones', () => {
    const result = read('serial,imei\r\nSN-1,1\r\n\r\n,\r\nSN-2,2\r\n\r\n,\r\n');
    expect(result.errors).toEqual([
      { row: 3, message: 'Row 3: the row is empty; remove empty rows between data rows.' },
      { row: 4, message: 'Row 4: the row is empty; remove empty rows between data rows.' },
    ]);
    expect(result.dataRows).toBe(4);
  });

  it('refuses a cell longer than its column allows', () => {
    expect(messages(read('serial,box\nSN-1,BOX-123\n').errors)).toEqual([
      'Row 2: box has more than 5 characters.',
    ]);
  });

  it('counts data rows against the limit', () => {
    const lines = (n: number) =>
      ['serial', ...Array.from({ length: n }, (_, i) => `SN-${String(i)}`)].join('\n');
    expect(read(lines(10_000)).rows).toHaveLength(10_000);
    const over = read(lines(10_001));
    expect(over.fatal).toBe(true);
    expect(messages(over.errors)).toEqual([
      'The file has 10,001 rows; the limit is 10,000. Split it and upload the parts.',
    ]);
    expect(messages(read(lines(12_480)).errors)).toEqual([
      'The file has 12,480 rows; the limit is 10,000. Split it and upload the parts.',
    ]);
  });

  it('refuses a file above the byte limit', () => {
    const result = read('serial\nSN-1\n', { maxBytes: 8 });
    expect(messages(result.errors)).toEqual(['The file is larger than 5 MB. Split it and upload the parts.']);
  });
});
