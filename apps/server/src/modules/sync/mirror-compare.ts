import type { ProviderVehicle } from '../../providers/fleet/fleet-provider.ts';
import type { DeviceRow, VehicleRow } from './mirror.repository.ts';

/* What the mirror compares to decide whether a row needs a write (pure functions). */

export const VEHICLE_FIELDS = [
  'vehicleId',
  'description',
  'route',
  'vin',
  'seatedCapacity',
  'doors',
  'vehicleType',
  'make',
  'model',
  'year',
  'odometer',
] as const;

/**
 * A heartbeat that only moved forward a little is not worth a write: screens show last-seen times
 * to the minute. A status change is always written at once.
 */
const HEARTBEAT_GRANULARITY_MS = 60_000;

function heartbeatMoved(a: Date | null, b: Date | null): boolean {
  if (a === null || b === null) return a !== b;
  return Math.abs(a.getTime() - b.getTime()) >= HEARTBEAT_GRANULARITY_MS;
}

/** Whether a mirrored vehicle differs from the external system's. */
export function vehicleDiffers(
  row: VehicleRow,
  fields: Record<(typeof VEHICLE_FIELDS)[number], unknown>,
  rv: ProviderVehicle,
): boolean {
  return (
    VEHICLE_FIELDS.some((k) => row[k] !== fields[k]) ||
    heartbeatMoved(row.lastSeen, rv.lastSeen ? new Date(rv.lastSeen) : null)
  );
}

/**
 * Flat metadata compared key by key: jsonb gives keys back in its own order, so comparing the
 * serialised objects saw every device as changed on every pull (and bumped the revision each time).
 */
function sameMetadata(a: DeviceRow['metadata'], b: DeviceRow['metadata']): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && a[k] === b[k]);
}

/** Whether a mirrored device's state (not its assignment) differs from the external system's. */
export function deviceStateDiffers(
  row: DeviceRow,
  s: Omit<
    DeviceRow,
    | 'id'
    | 'deviceId'
    | 'navigatorDeviceId'
    | 'clientId'
    | 'vehicleId'
    | 'syncedVehicleExternalId'
    | 'createdAt'
    | 'updatedAt'
    | 'changedRev'
  >,
): boolean {
  return (
    row.status !== s.status ||
    heartbeatMoved(row.lastHeartbeat, s.lastHeartbeat) ||
    row.signalStrength !== s.signalStrength ||
    row.name !== s.name ||
    row.type !== s.type ||
    row.deviceSystem !== s.deviceSystem ||
    row.deviceSystemId !== s.deviceSystemId ||
    row.serialNumber !== s.serialNumber ||
    row.serialNumberESN !== s.serialNumberESN ||
    row.phone !== s.phone ||
    row.simCardId !== s.simCardId ||
    row.imei !== s.imei ||
    row.ipAddress !== s.ipAddress ||
    row.firmwareVersion !== s.firmwareVersion ||
    !sameMetadata(row.metadata, s.metadata)
  );
}
