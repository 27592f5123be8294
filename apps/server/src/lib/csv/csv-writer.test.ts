import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-reader.ts';
import { csvBytes, csvText } from './csv-writer.ts';

describe('csvText', () => {
  it('starts with a BOM and ends every line with CRLF', () => {
    expect(
      csvText(
        ['a', 'b'],
        [
          ['1', 2],
          [true, null],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n1,2\r\ntrue,\r\n');
  });

  it('quotes as RFC 4180 says: delimiters, quotes and line breaks', () => {
    expect(csvText(['a'], [['x,y'], ['say "hi"'], ['one\ntwo'], ['lone\rCR']])).toBe(
      '\uFEFFa\r\n"x,y"\r\n"say ""hi"""\r\n"one\ntwo"\r\n"lone\rCR"\r\n',
    );
  });

  it('guards cells a spreadsheet would run as a formula', () => {
    const text = csvText(['a'], [['=1+2'], ['+1'], ['-1'], ['@SUM(A1)'], ['\tx'], ['\rx'], ['a=b']]);
    expect(text.split('\r\n').slice(1, -1)).toEqual([
      "'=1+2",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
      'a=b',
    ]);
  });

  it('reads back what it writes', () => {
    const bytes = csvBytes(
      ['serial', 'box'],
      [
        ['SN-1', 'a,"b"\nc'],
        ['SN-2', ''],
      ],
    );
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const back = readCsv(bytes, [
      { key: 'serial', name: 'serial', required: true },
      { key: 'box', name: 'box' },
    ]);
    expect(back.rows.map((r) => r.values)).toEqual([
      { serial: 'SN-1', box: 'a,"b"\nc' },
      { serial: 'SN-2', box: '' },
    ]);
  });
});
