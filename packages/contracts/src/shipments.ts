import { z } from 'zod';
import { CAMPAIGN_MESSAGES, CsvPreviewSchema } from './campaigns.ts';
import { DEVICE_TYPES, DeviceListSchema, type DeviceType } from './devices.ts';
import { idParam, multiLine, singleLine } from './primitives.ts';

/**
 * Shipments and the unit scan (issue 35, ../shared/docs/campaigns.md): a supplier's packing list
 * imported as CSV (preview, then import), each unit's status and the bus it went on, and the look
 * up of a scanned or typed code. Texts here are the design's, word for word.
 */

export const SHIPMENT_UNIT_STATUSES = ['in_stock', 'installed', 'faulty', 'returned'] as const;
export type ShipmentUnitStatus = (typeof SHIPMENT_UNIT_STATUSES)[number];
export const SHIPMENT_UNIT_STATUS_LABELS: Record<ShipmentUnitStatus, string> = {
  in_stock: 'In stock',
  installed: 'Installed',
  faulty: 'Faulty',
  returned: 'Returned',
};

/** The packing list's columns as the design names them, in the expected header's order. */
export const SHIPMENT_COLUMNS = ['serial', 'device_type', 'imei', 'iccid', 'phone', 'model', 'box'] as const;
/** A box label holds at most this many characters. */
export const SHIPMENT_BOX_MAX = 64;
/** A shipment's reference (PO-1187): at most this many characters. */
export const SHIPMENT_REFERENCE_MAX = 64;
/** A page of `GET /api/shipments/{id}/units` holds at most this many units. */
export const SHIPMENT_UNIT_PAGE = 500;

/* Codes: IMEI (15 digits, Luhn) and ICCID (19 or 20 digits starting with 89, Luhn). */

/** True when the digits pass the Luhn check (the last digit is the check digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const isImeiShape = (value: string) => /^\d{15}$/.test(value);
/** 15 digits whose last is the Luhn check digit. */
export const isValidImei = (value: string) => isImeiShape(value) && luhnValid(value);
export const isIccidShape = (value: string) => /^89\d{17,18}$/.test(value);
/** 19 or 20 digits starting with 89, the last the Luhn check digit. */
export const isValidIccid = (value: string) => isIccidShape(value) && luhnValid(value);
/** E.164: `+`, then 8 to 15 digits, the first not 0. */
export const isE164 = (value: string) => /^\+[1-9]\d{7,14}$/.test(value);
/** A number Excel wrote in scientific notation (`3.56307E+14`): the digits are lost. */
export const isExcelShortened = (value: string) => /^\d+(?:[.,]\d+)?E\+\d+$/i.test(value);

/**
 * The device type a packing list names, in any case (`gps`, `TABLET`); `headsign` counts as
 * Other. Null when it is none of them.
 */
export function shipmentDeviceType(value: string): DeviceType | null {
  const lower = value.trim().toLowerCase();
  if (lower === 'headsign') return 'Other';
  return DEVICE_TYPES.find((t) => t.toLowerCase() === lower) ?? null;
}

/** A serial as it is stored and compared: trimmed and upper-cased. */
export const normalizeSerial = (value: string) => value.trim().toUpperCase();

export const SHIPMENT_CODES = {
  /** The lookup found nothing (404). */
  unitNotFound: 'UNIT_NOT_FOUND',
  /** PATCH to `installed`: a unit is installed by putting its device on a bus (422). */
  statusInvalid: 'UNIT_STATUS_INVALID',
  csvInvalid: 'CSV_INVALID',
  csvTooLarge: 'CSV_TOO_LARGE',
} as const;

/** What a cell is called in the row messages. */
export type ShipmentField = 'serial' | 'IMEI' | 'ICCID' | 'device type' | 'phone' | 'model' | 'box';

const none = (value: string) => (value === '' ? 'none' : value);

/** The design's sentences, word for word (`{n}` parts are functions). */
export const SHIPMENT_MESSAGES = {
  /** File-level messages, shared with the bus-list import. */
  csv: {
    ...CAMPAIGN_MESSAGES.csv,
    alreadyImported: (day: string, by: string, reference: string) =>
      `This file was already imported on ${day} by ${by} (shipment ${reference}). Nothing new to import.`,
    serialEmpty: (row: number) => `Row ${String(row)}: serial is empty.`,
    excelShortened: (row: number, value: string) =>
      `Row ${String(row)}: "${value}" looks like a number Excel shortened. Format the column as Text, paste the values again and re-export.`,
    imeiLength: (row: number, value: string) => `Row ${String(row)}: IMEI "${value}" must have 15 digits.`,
    imeiCheck: (row: number, value: string) =>
      `Row ${String(row)}: IMEI ${value} fails its check digit; check for a typo.`,
    iccidShape: (row: number, value: string) =>
      `Row ${String(row)}: ICCID "${value}" must have 19 or 20 digits starting with 89.`,
    iccidCheck: (row: number, value: string) =>
      `Row ${String(row)}: ICCID ${value} fails its check digit; check for a typo.`,
    phone: (row: number, value: string) =>
      `Row ${String(row)}: phone "${value}" must be in international form, like +15551234567.`,
    deviceType: (row: number, value: string) =>
      `Row ${String(row)}: device type "${value}" is not one of GPS, Tablet, Router, APC, Other.`,
    /** The same serial, IMEI or ICCID twice in the file. */
    again: (row: number, field: 'serial' | 'IMEI' | 'ICCID', value: string, first: number) =>
      `Row ${String(row)}: ${field} ${value} appears again (first in row ${String(first)}).`,
    /** A serial already imported whose row says something else (this row's value vs the stored one). */
    differs: (
      row: number,
      serial: string,
      reference: string,
      field: ShipmentField,
      mine: string,
      stored: string,
    ) =>
      `Row ${String(row)}: serial ${serial} is already in shipment ${reference}; this row differs (${field} ${none(mine)} vs ${none(stored)}).`,
    /** Another unit already imported has this IMEI or ICCID. */
    takenBy: (row: number, field: 'IMEI' | 'ICCID', value: string, reference: string, serial: string) =>
      `Row ${String(row)}: ${field} ${value} is already in shipment ${reference} (serial ${serial}).`,
    /** A cell holding a control character (NUL, BEL…), which no field of a unit means to hold. */
    controlCharacter: (row: number, column: string) =>
      `Row ${String(row)}: ${column} holds a control character; remove it and export again.`,
    belongsToDevice: (row: number, imei: string, deviceId: string, fleet: string) =>
      `Row ${String(row)}: IMEI ${imei} belongs to device ${deviceId} on bus ${fleet}.`,
  },
  /** The unit scan. */
  noMatch: (code: string) => `No unit or device matches "${code}".`,
  createFromShipment: (type: DeviceType, serial: string, imei: string | null) =>
    imei ? `Create ${type} from shipment ${serial} (IMEI ${imei})` : `Create ${type} from shipment ${serial}`,
  alreadyInstalled: (serial: string, fleet: string) => `${serial} is already installed on bus ${fleet}`,
  faulty: (serial: string) => `${serial} is marked faulty; use another unit`,
  installedByDevice: 'A unit becomes installed when its device is put on a bus.',
  /** The dashboard's stock line: "Tablet: 31 in stock, 40 needed, 9 short". */
  stockLine: (type: DeviceType, inStock: number, needed: number, short: number) =>
    `${type}: ${String(inStock)} in stock, ${String(needed)} needed${short > 0 ? `, ${String(short)} short` : ''}`,
} as const;

/* Shapes. */

const PersonSchema = z.object({ id: z.number().int(), name: z.string() });
/** The bus a unit went on: the vehicle's row id and its fleet number. */
export const UnitBusSchema = z.object({ vehicleId: z.number().int(), fleetNumber: z.string() });
export type UnitBus = z.infer<typeof UnitBusSchema>;

const UnitCountsSchema = z.object({
  in_stock: z.number().int(),
  installed: z.number().int(),
  faulty: z.number().int(),
  returned: z.number().int(),
});

export const ShipmentSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  campaignId: z.number().int().nullable(),
  reference: z.string(),
  fileName: z.string().nullable(),
  fileSha256: z.string(),
  /** Data rows of the file. */
  rows: z.number().int(),
  importedBy: PersonSchema,
  importedAt: z.string(),
  /** The shipment's units by status now. */
  counts: UnitCountsSchema,
});
export type Shipment = z.infer<typeof ShipmentSchema>;
export const ShipmentListSchema = z.array(ShipmentSchema);

export const ShipmentUnitSchema = z.object({
  id: z.number().int(),
  shipmentId: z.number().int(),
  shipmentReference: z.string(),
  clientId: z.number().int(),
  /** Trimmed and upper-cased. */
  serial: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  imei: z.string().nullable(),
  iccid: z.string().nullable(),
  phone: z.string().nullable(),
  model: z.string().nullable(),
  box: z.string().nullable(),
  status: z.enum(SHIPMENT_UNIT_STATUSES),
  statusNote: z.string().nullable(),
  /** The device it became (the id the installer sees), once it is one. */
  deviceId: z.string().nullable(),
  /** The bus it went on. */
  bus: UnitBusSchema.nullable(),
  updatedAt: z.string(),
});
export type ShipmentUnit = z.infer<typeof ShipmentUnitSchema>;

export const ShipmentUnitPageSchema = z.object({
  items: z.array(ShipmentUnitSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type ShipmentUnitPage = z.infer<typeof ShipmentUnitPageSchema>;

/**
 * The agency's unit index kept for the offline scan: serial, IMEI, ICCID, type, status and the
 * bus, for every unit of the agency.
 */
export const ShipmentUnitIndexEntrySchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  imei: z.string().nullable(),
  iccid: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  status: z.enum(SHIPMENT_UNIT_STATUSES),
  deviceId: z.string().nullable(),
  bus: UnitBusSchema.nullable(),
});
export type ShipmentUnitIndexEntry = z.infer<typeof ShipmentUnitIndexEntrySchema>;
export const ShipmentUnitIndexSchema = z.object({
  items: z.array(ShipmentUnitIndexEntrySchema),
  /** When the server read it (ISO 8601): the "as of" time offline. */
  asOf: z.string(),
});
export type ShipmentUnitIndex = z.infer<typeof ShipmentUnitIndexSchema>;

/**
 * A shipment preview or import: the CSV preview's counts and messages (`new`, `unchanged`,
 * `errors`, `warnings`, each message the whole sentence, file-level ones with `row: null`), and
 * the shipment once imported. `alreadyImported` holds the design's sentence for the same file again.
 */
export const ShipmentPreviewSchema = CsvPreviewSchema.omit({ updated: true }).extend({
  shipment: ShipmentSchema.nullable(),
});
export type ShipmentPreview = z.infer<typeof ShipmentPreviewSchema>;

/** The answer of a scan: the unit (if one matches), the device (if one matches), and its bus. */
export const UnitLookupSchema = z.object({
  unit: ShipmentUnitSchema.nullable(),
  device: DeviceListSchema.element.optional(),
  installedOn: UnitBusSchema.optional(),
});
export type UnitLookup = z.infer<typeof UnitLookupSchema>;

/** The supervisor's change of a unit's status: `{status, note}`. */
export const UpdateShipmentUnitInputSchema = z.object({
  status: z.enum(SHIPMENT_UNIT_STATUSES),
  note: multiLine().max(1000).nullish(),
});
export type UpdateShipmentUnitInput = z.input<typeof UpdateShipmentUnitInputSchema>;

/** Stock per device type against what the campaign's buses not yet accepted still need. */
export const StockLineSchema = z.object({
  deviceType: z.enum(DEVICE_TYPES),
  inStock: z.number().int(),
  installed: z.number().int(),
  faulty: z.number().int(),
  /** Devices of the type the campaign's fit items still need on buses not yet accepted. */
  needed: z.number().int(),
  /** needed − in stock, at least 0. */
  short: z.number().int(),
});
export type StockLine = z.infer<typeof StockLineSchema>;
export const CampaignStockSchema = z.array(StockLineSchema);
export type CampaignStock = z.infer<typeof CampaignStockSchema>;

/* Queries and params. */

export const ShipmentImportQuerySchema = z.object({
  clientId: idParam(),
  campaignId: idParam().optional(),
  reference: singleLine().min(1, 'A shipment reference is required').max(SHIPMENT_REFERENCE_MAX),
  fileName: singleLine().max(200).optional(),
  dryRun: z.enum(['1', 'true']).optional(),
});
export type ShipmentImportQuery = z.input<typeof ShipmentImportQuerySchema>;

export const ShipmentListQuerySchema = z.object({ campaignId: idParam().optional() });
export const ShipmentIdParamSchema = z.object({ id: idParam() });
export const ShipmentUnitsQuerySchema = z.object({
  status: z.enum(SHIPMENT_UNIT_STATUSES).optional(),
  /** The last serial of the page before (`nextCursor`). */
  cursor: singleLine().max(100).optional(),
});
export const UnitLookupQuerySchema = z.object({
  clientId: idParam(),
  code: singleLine().min(1).max(200),
});
export const UnitIndexQuerySchema = z.object({ clientId: idParam() });
