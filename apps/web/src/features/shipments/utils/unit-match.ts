import type { Device } from '@toolkit/contracts/devices.ts';
import {
  normalizeSerial,
  SHIPMENT_MESSAGES,
  type ShipmentUnitIndexEntry,
  type UnitBus,
} from '@toolkit/contracts/shipments.ts';

/** A shipment unit as the scan reads it: from the lookup (online) or the saved index (offline). */
export type ScannedUnit = Pick<
  ShipmentUnitIndexEntry,
  'id' | 'serial' | 'imei' | 'iccid' | 'deviceType' | 'status' | 'deviceId' | 'bus'
>;

/** What one code matched: a unit, the agency's device, the bus the unit went on. */
export type CodeMatch = { unit: ScannedUnit | null; device: Device | null; installedOn: UnitBus | null };

/**
 * What the assignment list does with a scanned or typed code (the design's "unit scan"): add the
 * agency's device; offer to create the device a shipment unit is to become (`label` is the
 * button's words, `uniqueId` the id it is created with: the IMEI, else the serial); or say why not.
 */
export type ScanVerdict =
  | { kind: 'device'; device: Device }
  | { kind: 'create'; unit: ScannedUnit; label: string; uniqueId: string }
  | { kind: 'refused'; message: string }
  | { kind: 'none'; message: string };

/** Whether a unit is the one a code names: its serial (in any case), IMEI or ICCID. */
export function unitMatches(unit: ScannedUnit, code: string): boolean {
  const exact = code.trim();
  return unit.serial === normalizeSerial(code) || unit.imei === exact || unit.iccid === exact;
}

/** The first candidate (in their order) that names a unit of the index, and that unit. */
export function findInIndex(
  units: readonly ScannedUnit[],
  candidates: readonly string[],
): ScannedUnit | null {
  for (const code of candidates) {
    const unit = units.find((u) => unitMatches(u, code));
    if (unit) return unit;
  }
  return null;
}

/** The agency's saved device a candidate names by its id, as the device lookup does online. */
export function findSavedDevice(devices: readonly Device[], candidates: readonly string[]): Device | null {
  for (const code of candidates) {
    const device = devices.find((d) => d.deviceId === code);
    if (device) return device;
  }
  return null;
}

/**
 * The verdict on what a code matched (`code` is what was scanned or typed, for "No unit or device
 * matches"): a faulty unit and an installed one are refused with the design's words; a unit not
 * yet a device is offered for creation; a device (the unit's, or one the code names) is added.
 */
export function scanVerdict(code: string, match: CodeMatch | null): ScanVerdict {
  const unit = match?.unit ?? null;
  const device = match?.device ?? null;
  if (unit?.status === 'faulty') return { kind: 'refused', message: SHIPMENT_MESSAGES.faulty(unit.serial) };
  if (unit?.status === 'installed') {
    const bus = unit.bus ?? match?.installedOn ?? null;
    if (bus)
      return { kind: 'refused', message: SHIPMENT_MESSAGES.alreadyInstalled(unit.serial, bus.fleetNumber) };
    // Its bus is gone from the platform: the device it became is what can still be assigned.
    if (!device) return { kind: 'refused', message: `${unit.serial} is already installed` };
  }
  if (device) return { kind: 'device', device };
  if (unit)
    return {
      kind: 'create',
      unit,
      label: SHIPMENT_MESSAGES.createFromShipment(unit.deviceType, unit.serial, unit.imei),
      uniqueId: unit.imei ?? unit.serial,
    };
  return { kind: 'none', message: SHIPMENT_MESSAGES.noMatch(code.trim()) };
}
