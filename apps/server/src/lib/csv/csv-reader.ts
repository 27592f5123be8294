import { parse } from 'csv-parse/sync';
import { CAMPAIGN_MESSAGES, CSV_MAX_BYTES, CSV_MAX_ROWS } from '@toolkit/contracts/campaigns.ts';

/**
 * A generic CSV reader for the imports (bus lists, shipments): a columns spec in, typed rows and
 * the design's messages out (../shared/docs/campaigns.md, "Shipments and the unit scan"). It
 * knows nothing of buses or units: callers check the values' meaning and add their own messages.
 */

const MESSAGES = CAMPAIGN_MESSAGES.csv;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof DELIMITERS)[number];

export interface CsvColumn<K extends string = string> {
  /** The key of the value in a row. */
  key: K;
  /** The column's name as the design writes it (`vehicle_id`): messages and the expected header use it. */
  name: string;
  /** Other names accepted for it (`fleet number`, `bus`); matched like the name. */
  aliases?: readonly string[];
  /** The column must be in the header, and each row must have a value. */
  required?: boolean;
  /** At most this many characters in a cell. */
  maxLength?: number;
}

/** A message of the preview: `row` is the spreadsheet's row number (header = 1), null for the file. */
export interface CsvMessage {
  row: number | null;
  message: string;
}

export interface CsvRow<K extends string> {
  /** The row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  /** Each column's trimmed value; '' when the cell is empty or the column is not in the file. */
  values: Record<K, string>;
}

export interface CsvReadResult<K extends string> {
  /** The rows that passed the reader's checks (cell count, required values, length). */
  rows: CsvRow<K>[];
  errors: CsvMessage[];
  warnings: CsvMessage[];
  /** The columns the file has (a missing optional column is not the same as an empty cell). */
  present: ReadonlySet<K>;
  /** Data rows in the file (the header and trailing empty rows not counted). */
  dataRows: number;
  /** A file-level error stopped the reading (nothing in `rows`). */
  fatal: boolean;
  /** The header the reader expected, shown under the file's when a required column is missing. */
  expectedHeader?: string;
  delimiter: CsvDelimiter;
}

export interface CsvReadOptions {
  maxBytes?: number;
  maxRows?: number;
}

/** A header or alias name as it is compared: lower case, without spaces and `_`. */
export const normalizeColumnName = (name: string) => name.toLowerCase().replace(/[\s_]+/g, '');

/** The delimiter the header uses most (outside quotes): `,` `;` or tab; `,` when it has none. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best: CsvDelimiter = ',';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** UTF-8 text without its BOM, or null when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  const hasBom = bytes.length >= BOM.length && BOM.every((b, i) => bytes[i] === b);
  const body = hasBom ? bytes.subarray(BOM.length) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return null;
  }
}

interface RawRecord {
  cells: string[];
  row: number;
  /** The quote error csv-parse skipped the record for. */
  error: 'unclosed' | 'unreadable' | null;
}

/** Every record with its spreadsheet row, including empty ones and those csv-parse could not read. */
function records(text: string, delimiter: CsvDelimiter): RawRecord[] {
  const out: RawRecord[] = [];
  parse(text, {
    delimiter,
    bom: false,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    skip_records_with_error: true,
    max_record_size: 0,
    on_record: (cells: string[]) => {
      out.push({ cells, row: out.length + 1, error: null });
      return null;
    },
    on_skip: (err) => {
      const error = err?.code === 'CSV_QUOTE_NOT_CLOSED' ? 'unclosed' : 'unreadable';
      out.push({ cells: [], row: out.length + 1, error });
      return undefined;
    },
  });
  return out;
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * Reads a CSV file: UTF-8 with or without BOM, delimiter from the header, header names matched
 * ignoring case, spaces and `_` (with aliases), unknown columns a warning, at most `maxBytes` and
 * `maxRows` data rows. File-level messages have `row: null`; row messages start "Row N: ".
 */
export function readCsv<K extends string>(
  bytes: Uint8Array,
  columns: readonly CsvColumn<K>[],
  options: CsvReadOptions = {},
): CsvReadResult<K> {
  const maxBytes = options.maxBytes ?? CSV_MAX_BYTES;
  const maxRows = options.maxRows ?? CSV_MAX_ROWS;
  const result: CsvReadResult<K> = {
    rows: [],
    errors: [],
    warnings: [],
    present: new Set<K>(),
    dataRows: 0,
    fatal: false,
    delimiter: ',',
  };
  const stop = (message: string) => {
    result.errors.push({ row: null, message });
    result.fatal = true;
    return result;
  };
  if (bytes.length > maxBytes) return stop(MESSAGES.tooLarge);
  const text = decodeUtf8(bytes);
  if (text === null) return stop(MESSAGES.notUtf8);
  if (text.trim() === '') return stop(MESSAGES.empty);

  const delimiter = detectDelimiter(text);
  result.delimiter = delimiter;
  const all = records(text, delimiter);
  const [header, ...body] = all;
  if (!header || header.error !== null) return stop(header ? MESSAGES.unclosedQuote(1) : MESSAGES.empty);

  const mapping = mapHeader(header.cells, columns, result);
  if (result.fatal) {
    result.expectedHeader = columns.map((c) => c.name).join(delimiter);
    return result;
  }

  // Trailing empty rows (a last line break, rows Excel keeps) are not data rows.
  let end = body.length;
  while (end > 0 && isBlank(body[end - 1]?.cells ?? []) && body[end - 1]?.error === null) end -= 1;
  const data = body.slice(0, end);
  result.dataRows = data.length;
  if (data.length === 0) return stop(MESSAGES.empty);
  if (data.length > maxRows) return stop(MESSAGES.tooManyRows(data.length, maxRows));

  for (const record of data) {
    const row = readRow(record, header.cells.length, mapping, columns, result);
    if (row) result.rows.push(row);
  }
  return result;
}

/** Which cell holds which column; records duplicate, missing and unknown columns in `result`. */
function mapHeader<K extends string>(
  cells: readonly string[],
  columns: readonly CsvColumn<K>[],
  result: CsvReadResult<K>,
): Map<K, number> {
  const byName = new Map<string, CsvColumn<K>>();
  for (const column of columns)
    for (const name of [column.name, ...(column.aliases ?? [])])
      byName.set(normalizeColumnName(name), column);
  const mapping = new Map<K, number>();
  cells.forEach((cell, index) => {
    const name = cell.trim();
    if (name === '') return;
    const column = byName.get(normalizeColumnName(name));
    if (!column) {
      result.warnings.push({ row: null, message: MESSAGES.unknownColumn(name) });
    } else if (mapping.has(column.key)) {
      result.errors.push({ row: null, message: MESSAGES.duplicateColumn(column.name) });
      result.fatal = true;
    } else {
      mapping.set(column.key, index);
    }
  });
  for (const column of columns) {
    if (column.required && !mapping.has(column.key)) {
      result.errors.push({ row: null, message: MESSAGES.missingColumn(column.name) });
      result.fatal = true;
    }
  }
  result.present = new Set(mapping.keys());
  return mapping;
}

function readRow<K extends string>(
  record: RawRecord,
  headerCells: number,
  mapping: ReadonlyMap<K, number>,
  columns: readonly CsvColumn<K>[],
  result: CsvReadResult<K>,
): CsvRow<K> | null {
  const { row, cells } = record;
  const fail = (message: string) => {
    result.errors.push({ row, message });
    return null;
  };
  if (record.error === 'unclosed') return fail(MESSAGES.unclosedQuote(row));
  if (record.error === 'unreadable') return fail(MESSAGES.unreadable(row));
  if (isBlank(cells)) return fail(MESSAGES.emptyRow(row));
  if (cells.length !== headerCells) return fail(MESSAGES.cellCount(row, cells.length, headerCells));
  const values = {} as Record<K, string>;
  let ok = true;
  for (const column of columns) {
    const index = mapping.get(column.key);
    const value = index === undefined ? '' : (cells[index] ?? '').trim();
    values[column.key] = value;
    if (index !== undefined && column.required && value === '') {
      result.errors.push({ row, message: MESSAGES.cellEmpty(row, column.name) });
      ok = false;
    } else if (column.maxLength !== undefined && value.length > column.maxLength) {
      result.errors.push({ row, message: MESSAGES.tooLong(row, column.name, column.maxLength) });
      ok = false;
    }
  }
  return ok ? { row, values } : null;
}
