import {
  SHIPMENT_BOX_MAX,
  SHIPMENT_MESSAGES,
  isE164,
  isExcelShortened,
  isIccidShape,
  isImeiShape,
  luhnValid,
  normalizeSerial,
  shipmentDeviceType,
  type ShipmentField,
} from '@toolkit/contracts/shipments.ts';
import type { CsvColumn, CsvRow } from '../../lib/csv/csv-reader.ts';
import type { NewUnit, StoredUnit } from './shipment-import.repository.ts';

/**
 * One packing-list row on its own (../shared/docs/campaigns.md, "Shipments and the unit scan"):
 * its cells checked and normalized into a unit, or the design's messages for what is wrong. What
 * needs the other rows or the database (repeats, units already imported, devices on buses) is the
 * import service's.
 */

const MESSAGES = SHIPMENT_MESSAGES.csv;

export const SHIPMENT_CSV_COLUMNS = [
  {
    key: 'serial',
    name: 'serial',
    aliases: ['serial number', 'serial no', 's/n', 'sn'],
    required: true,
    maxLength: 64,
  },
  { key: 'deviceType', name: 'device_type', aliases: ['type', 'device'], required: true, maxLength: 100 },
  { key: 'imei', name: 'imei', maxLength: 100 },
  { key: 'iccid', name: 'iccid', aliases: ['sim', 'sim iccid'], maxLength: 100 },
  { key: 'phone', name: 'phone', aliases: ['phone number', 'msisdn'], maxLength: 100 },
  { key: 'model', name: 'model', maxLength: 100 },
  { key: 'box', name: 'box', aliases: ['box number', 'carton'], maxLength: SHIPMENT_BOX_MAX },
] as const satisfies readonly CsvColumn[];
export type ShipmentKey = (typeof SHIPMENT_CSV_COLUMNS)[number]['key'];
export type ShipmentRow = CsvRow<ShipmentKey>;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Digits as a label or a spreadsheet may group them (spaces, hyphens) without the grouping. */
const digitsOf = (value: string) => value.replace(/[\s-]/g, '');
const orNull = (value: string) => (value === '' ? null : value);

/** A row checked on its own: the unit it describes, or its messages (then `unit` is null). */
export function checkRow({ row, values }: ShipmentRow): { unit: NewUnit | null; errors: string[] } {
  const errors: string[] = [];
  // Control characters (PostgreSQL refuses NUL in text): the row is refused, cell by cell.
  for (const column of SHIPMENT_CSV_COLUMNS)
    if (CONTROL.test(values[column.key])) errors.push(MESSAGES.controlCharacter(row, column.name));
  if (errors.length > 0) return { unit: null, errors };
  // A cell Excel turned into `3.56307E+14` lost its digits: say so once for it, and nothing else.
  const shortened = new Set<ShipmentKey>();
  for (const key of ['serial', 'imei', 'iccid', 'phone'] as const)
    if (isExcelShortened(values[key])) {
      shortened.add(key);
      errors.push(MESSAGES.excelShortened(row, values[key]));
    }

  const deviceType = shipmentDeviceType(values.deviceType);
  if (deviceType === null) errors.push(MESSAGES.deviceType(row, values.deviceType));

  let imei: string | null = null;
  if (values.imei !== '' && !shortened.has('imei')) {
    const digits = digitsOf(values.imei);
    if (!isImeiShape(digits)) errors.push(MESSAGES.imeiLength(row, values.imei));
    else if (!luhnValid(digits)) errors.push(MESSAGES.imeiCheck(row, digits));
    else imei = digits;
  }

  let iccid: string | null = null;
  if (values.iccid !== '' && !shortened.has('iccid')) {
    const digits = digitsOf(values.iccid);
    if (!isIccidShape(digits)) errors.push(MESSAGES.iccidShape(row, values.iccid));
    else if (!luhnValid(digits)) errors.push(MESSAGES.iccidCheck(row, digits));
    else iccid = digits;
  }

  let phone: string | null = null;
  if (values.phone !== '' && !shortened.has('phone')) {
    const compact = values.phone.replace(/[\s().-]/g, '');
    if (!isE164(compact)) errors.push(MESSAGES.phone(row, values.phone));
    else phone = compact;
  }

  if (errors.length > 0 || deviceType === null) return { unit: null, errors };
  return {
    unit: {
      serial: normalizeSerial(values.serial),
      deviceType,
      imei,
      iccid,
      phone,
      model: orNull(values.model),
      box: orNull(values.box),
    },
    errors,
  };
}

/** The fields a stored unit is compared on, in the order a difference is named. */
const COMPARED: readonly { key: keyof NewUnit; column: ShipmentKey; field: ShipmentField }[] = [
  { key: 'deviceType', column: 'deviceType', field: 'device type' },
  { key: 'imei', column: 'imei', field: 'IMEI' },
  { key: 'iccid', column: 'iccid', field: 'ICCID' },
  { key: 'phone', column: 'phone', field: 'phone' },
  { key: 'model', column: 'model', field: 'model' },
  { key: 'box', column: 'box', field: 'box' },
];

/**
 * How a row differs from the unit already imported with its serial: the first field whose value
 * differs (this row's, then the stored one), or null when the row repeats it. A column the file
 * does not have is not compared.
 */
export function differenceOf(
  unit: NewUnit,
  stored: StoredUnit,
  present: ReadonlySet<ShipmentKey>,
): { field: ShipmentField; mine: string; stored: string } | null {
  for (const { key, column, field } of COMPARED) {
    if (!present.has(column)) continue;
    const mine = unit[key] ?? '';
    const theirs = stored[key] ?? '';
    if (mine !== theirs) return { field, mine, stored: theirs };
  }
  return null;
}
