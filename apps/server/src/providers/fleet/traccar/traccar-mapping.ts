import { DEVICE_TYPES, type DeviceType } from '@toolkit/contracts/devices.ts';
import type {
  ProviderClient,
  ProviderDevice,
  ProviderDeviceStatus,
  ProviderDeviceSystem,
  ProviderVehicle,
} from '../fleet-provider.ts';
import type { GroupPlace } from './traccar-layout.ts';
import type { TcDevice, TcGroup, TcPosition } from './traccar-schemas.ts';
import type { AgencyView } from './traccar-world.ts';

/**
 * How the toolkit's world maps onto Traccar (decision 033), as pure functions: an agency is a
 * group, a vehicle a bus group inside it, a device a Traccar device in one of them (which groups
 * are which: traccar-layout.ts).
 */

/** The vehicle keys of a group's `attributes`; every other key of the group is kept as it is. */
const VEHICLE_ATTRIBUTES = ['description', 'vin', 'make', 'model', 'year', 'odometer'] as const;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const int = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.round(n) : null;
};
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Traccar's `2026-05-01T13:02:11.120+00:00` as an ISO instant (null when absent or not a date). */
function isoOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function toClient(g: TcGroup): ProviderClient {
  return {
    externalId: String(g.id),
    name: g.name,
    fullName: text(g.attributes.fullName) ?? g.name,
    region: text(g.attributes.region) ?? '',
  };
}

/** A bus group; `agencyId` when it is not directly inside its agency's group. */
export function toVehicle(g: TcGroup, lastSeen: string | null, agencyId = g.groupId): ProviderVehicle {
  const a = g.attributes;
  return {
    externalId: String(g.id),
    clientExternalId: String(agencyId),
    vehicleId: g.name,
    description: text(a.description),
    route: null,
    vin: text(a.vin),
    seatedCapacity: null,
    doors: null,
    vehicleType: null,
    make: text(a.make),
    model: text(a.model),
    year: int(a.year),
    odometer: int(a.odometer),
    lastSeen,
  };
}

/**
 * `unknown` (not heard within Traccar's timeout, never said offline) shows as a warning; a device
 * disabled in Traccar (whose connections Traccar refuses) as an error.
 */
function toStatus(status: string | null | undefined, disabled = false): ProviderDeviceStatus {
  if (disabled) return 'error';
  if (status === 'online') return 'online';
  if (status === 'unknown') return 'warning';
  return 'offline';
}

function toDeviceType(value: unknown): DeviceType {
  const found = DEVICE_TYPES.find(
    (t) => typeof value === 'string' && t.toLowerCase() === value.toLowerCase(),
  );
  return found ?? 'GPS';
}

/**
 * Signal strength in percent from a position's `rssi`, whose scale depends on the protocol: 0..31
 * is a modem's CSQ, a negative value is dBm (-113..-51), 32..100 is taken as a percentage.
 */
function signalPercent(rssi: unknown): number | null {
  const v = num(rssi);
  if (v === null) return null;
  if (v < 0) return Math.max(0, Math.min(100, Math.round(((v + 113) / 62) * 100)));
  if (v <= 31) return Math.round((v / 31) * 100);
  return v <= 100 ? Math.round(v) : null;
}

/**
 * What the configuration tests read of the latest position (decision 007's metadata keys).
 * `gpsCount` is null when the unit does not report `sat` (unknown, not none), and 0 when it does
 * with an invalid fix.
 */
function positionMetadata(p: TcPosition | undefined): ProviderDevice['metadata'] {
  if (!p) return {};
  const a = p.attributes;
  const valid = p.valid === true;
  const battery = num(a.batteryLevel);
  const sat = int(a.sat);
  return {
    gpsCount: sat === null ? null : valid ? sat : 0,
    lastFixAt: valid ? isoOf(p.fixTime) : null,
    fixValid: valid,
    rssi: num(a.rssi),
    power: num(a.power),
    batteryVoltage: num(a.battery),
    ...(battery === null ? {} : { battery }),
    ignition: typeof a.ignition === 'boolean' ? a.ignition : null,
    hdop: num(a.hdop),
  };
}

const systemExternalId = (model: string): string => `model:${model}`;

/**
 * A Traccar device directly in its agency's group (unassigned) or in a bus group directly inside
 * it; a device elsewhere in the layout: toPlacedDevice.
 */
export function toDevice(d: TcDevice, agencyId: number, position: TcPosition | undefined): ProviderDevice {
  const groupId = d.groupId ?? 0;
  const vehicleId = groupId === agencyId || groupId === 0 ? null : groupId;
  return toPlacedDevice(d, { agencyId, vehicleId }, position);
}

/** A Traccar device where the layout places it (its agency, and its bus or null). */
export function toPlacedDevice(
  d: TcDevice,
  place: GroupPlace,
  position: TcPosition | undefined,
): ProviderDevice {
  const type = toDeviceType(d.attributes.deviceType);
  const model = text(d.model);
  const disabled = d.disabled === true;
  return {
    externalId: String(d.id),
    clientExternalId: String(place.agencyId),
    deviceId: d.uniqueId,
    type,
    name: d.name,
    deviceSystemExternalId: model ? systemExternalId(model) : null,
    deviceSystem: model,
    vehicleExternalId: place.vehicleId === null ? null : String(place.vehicleId),
    status: toStatus(d.status, disabled),
    lastHeartbeat: isoOf(d.lastUpdate),
    signalStrength: signalPercent(position?.attributes.rssi),
    serialNumber: /^\d{15}$/.test(d.uniqueId) ? null : d.uniqueId,
    serialNumberESN: null,
    phone: text(d.phone),
    simCardId: null,
    imei: /^\d{15}$/.test(d.uniqueId) ? d.uniqueId : null,
    ipAddress: null,
    firmwareVersion: null,
    metadata: {
      name: d.name,
      ...(model ? { deviceSystem: model } : {}),
      // Shown as 'Disabled in the fleet platform' beside the status.
      ...(disabled ? { disabled: true } : {}),
      ...positionMetadata(position),
    },
  };
}

/** An agency's devices, each placed by the layout. */
export function toAgencyDevices(view: AgencyView): ProviderDevice[] {
  return view.devices.map((d) =>
    toPlacedDevice(
      d,
      { agencyId: view.agency.id, vehicleId: view.vehicleOf.get(d.id) ?? null },
      view.positions.get(d.id),
    ),
  );
}

/** An agency's vehicles; each last seen when the latest of the devices on it was heard. */
export function toAgencyVehicles(view: AgencyView): ProviderVehicle[] {
  const lastSeen = new Map<number, string>();
  for (const d of view.devices) {
    const bus = view.vehicleOf.get(d.id) ?? null;
    const at = isoOf(d.lastUpdate);
    const held = bus === null ? undefined : lastSeen.get(bus);
    if (bus !== null && at && (!held || at > held)) lastSeen.set(bus, at);
  }
  return view.vehicles.map((g) => toVehicle(g, lastSeen.get(g.id) ?? null, view.agency.id));
}

/** The device systems of an agency: the distinct `model` values of its devices. */
export function toDeviceSystems(devices: readonly ProviderDevice[]): ProviderDeviceSystem[] {
  const byName = new Map<string, ProviderDeviceSystem>();
  for (const d of devices) {
    if (!d.deviceSystem) continue;
    const s = byName.get(d.deviceSystem) ?? {
      externalId: systemExternalId(d.deviceSystem),
      name: d.deviceSystem,
      mdt: false,
      router: false,
      gps: false,
      apc: false,
    };
    if (d.type === 'Tablet') s.mdt = true;
    if (d.type === 'Router') s.router = true;
    if (d.type === 'GPS') s.gps = true;
    if (d.type === 'APC') s.apc = true;
    byName.set(d.deviceSystem, s);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** A group's attributes with the vehicle keys of a patch written (null removes the key). */
export function withVehicleAttributes(
  attributes: Record<string, unknown>,
  patch: Partial<Record<(typeof VEHICLE_ATTRIBUTES)[number], string | number | null>>,
): Record<string, unknown> {
  const touched = new Set<string>(VEHICLE_ATTRIBUTES.filter((key) => key in patch));
  const kept = Object.entries(attributes).filter(([key]) => !touched.has(key));
  const written = VEHICLE_ATTRIBUTES.flatMap((key) => {
    const value = patch[key];
    return touched.has(key) && value !== null && value !== undefined ? [[key, value] as const] : [];
  });
  return Object.fromEntries([...kept, ...written]);
}
