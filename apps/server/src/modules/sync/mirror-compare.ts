import type {
  ProviderDevice,
  ProviderDeviceUpdate,
  ProviderVehicle,
} from '../../providers/fleet/fleet-provider.ts';
import type { DeviceRow, VehicleRow } from './mirror.repository.ts';

/* What the mirror compares to decide whether a row needs a write (pure functions). */

const VEHICLE_FIELDS = [
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

/** Metadata times that move with every position a unit sends: kept to the minute, as heartbeats. */
const MINUTE_KEYS = new Set(['lastFixAt']);

function sameValue(key: string, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!MINUTE_KEYS.has(key) || typeof a !== 'string' || typeof b !== 'string') return false;
  const [x, y] = [Date.parse(a), Date.parse(b)];
  return !Number.isNaN(x) && !Number.isNaN(y) && !heartbeatMoved(new Date(x), new Date(y));
}

/**
 * Flat metadata compared key by key: jsonb gives keys back in its own order, so comparing the
 * serialised objects saw every device as changed on every pull (and bumped the revision each time).
 */
function sameMetadata(a: DeviceRow['metadata'], b: DeviceRow['metadata']): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameValue(k, a[k], b[k]));
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

/** What a live update can change of a mirrored device (the rest is a pull's). */
type LiveDeviceState = Pick<DeviceRow, 'status' | 'lastHeartbeat' | 'signalStrength' | 'metadata'>;

/** A device's state once a live update is applied: each field told replaces the one held. */
export function liveDeviceState(row: LiveDeviceState, u: ProviderDeviceUpdate): LiveDeviceState {
  return {
    status: u.status ?? row.status,
    lastHeartbeat:
      u.lastHeartbeat === undefined ? row.lastHeartbeat : u.lastHeartbeat ? new Date(u.lastHeartbeat) : null,
    signalStrength: u.signalStrength === undefined ? row.signalStrength : u.signalStrength,
    metadata: u.metadata ? { ...row.metadata, ...u.metadata } : row.metadata,
  };
}

/**
 * Whether a live update is worth a write now: a status change at once; the rest (last heard,
 * signal, position data, which move with every message a unit sends) when the heartbeat moved a
 * minute, as a pull keeps it. Each pull (every refresh) writes those exactly in between.
 */
export function liveStateDiffers(row: LiveDeviceState, next: LiveDeviceState): boolean {
  return row.status !== next.status || heartbeatMoved(row.lastHeartbeat, next.lastHeartbeat);
}

/**
 * A pulled device that the live stream keeps current: the fields the stream told stay as its own
 * writes left them in the row (a pull may have read the platform before them, and writing them
 * again at every pull would rewrite every reporting unit); its vehicle is the stream's.
 */
export function keepStreamed(
  rd: ProviderDevice,
  row: LiveDeviceState,
  heard: ProviderDeviceUpdate,
): ProviderDevice {
  const told = new Set(Object.keys(heard.metadata ?? {}));
  const metadata = Object.fromEntries([
    ...Object.entries(rd.metadata).filter(([key]) => !told.has(key)),
    ...Object.entries(row.metadata).filter(([key]) => told.has(key)),
  ]);
  return {
    ...rd,
    status: heard.status === undefined ? rd.status : row.status,
    lastHeartbeat:
      heard.lastHeartbeat === undefined ? rd.lastHeartbeat : (row.lastHeartbeat?.toISOString() ?? null),
    signalStrength: heard.signalStrength === undefined ? rd.signalStrength : row.signalStrength,
    vehicleExternalId: heard.vehicleExternalId === undefined ? rd.vehicleExternalId : heard.vehicleExternalId,
    metadata,
  };
}

/**
 * How an assignment read from the platform merges, three ways (the last agreed value is the base):
 * both sides agree; changed on the platform only (adopt it); or changed here, pending or in
 * conflict (keep it, the push or the sync check deals with it).
 */
export function mergeAssignment(
  localExt: string | null,
  remoteExt: string | null,
  syncedExt: string | null,
  pendingHere: boolean,
): 'agreed' | 'adopt' | 'keep' {
  if (localExt === remoteExt) return 'agreed';
  return !pendingHere && localExt === syncedExt ? 'adopt' : 'keep';
}
