import { stringify } from 'csv-stringify/sync';

/**
 * A generic CSV writer for exports a spreadsheet opens: RFC 4180 quoting, CRLF line ends, a
 * UTF-8 BOM (so Excel reads it as UTF-8), and the CSV-injection guard: a cell starting with
 * `=` `+` `-` `@`, tab or carriage return gets a leading `'` so no spreadsheet runs it.
 */

export type CsvCell = string | number | boolean | null | undefined;

const UTF8_BOM = '\uFEFF';

/** A cell as text: nothing for null, `true`/`false`, numbers in plain digits. */
const cellText = (cell: CsvCell): string =>
  cell === null || cell === undefined ? '' : typeof cell === 'string' ? cell : String(cell);

/** The file as text: BOM, header, then one CRLF-terminated line per row. */
export function csvText(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const records: string[][] = [[...header]];
  for (const row of rows) records.push(row.map(cellText));
  return (
    UTF8_BOM +
    stringify(records, {
      record_delimiter: 'windows',
      // Quote fields holding a lone CR or LF too (the library only looks for CRLF otherwise).
      quote_record_delimiter: true,
      escape_formulas: true,
      eof: true,
    })
  );
}

/** The file as the UTF-8 bytes served (BOM included). */
export function csvBytes(header: readonly string[], rows: Iterable<readonly CsvCell[]>): Buffer {
  return Buffer.from(csvText(header, rows), 'utf8');
}
