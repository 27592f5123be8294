import {
  VEHICLE_STATUS_ORDER,
  VEHICLE_STATUSES,
  type Vehicle,
  type VehicleConnectionStatus,
} from '@toolkit/contracts/vehicles.ts';
import { localIdOf } from '../../../lib/outbox/local-ids.ts';
import { pluralize } from '../../../lib/pluralize.ts';

/** A row of the list: a server vehicle, or one created offline and not yet sent (§3 local cache). */
export type VehicleListItem = Vehicle & { pendingSync: boolean; rowKey: string };

/** What a dialog opened on a vehicle of the list is given. */
export type VehicleDialogProps = { vehicle: VehicleListItem; clientId: number; onDone: () => void };

export type StatusFilter = 'all' | VehicleConnectionStatus;
export type SortDirection = 'asc' | 'desc';

export const STATUS_FILTERS: readonly StatusFilter[] = [
  'all',
  ...[...VEHICLE_STATUSES].sort((a, b) => VEHICLE_STATUS_ORDER[a] - VEHICLE_STATUS_ORDER[b]),
];

export const STATUS_LABELS: Readonly<Record<StatusFilter, string>> = {
  all: 'All',
  online: 'Online',
  unknown: 'Unknown',
  offline: 'Offline',
};

/** What a vehicle's status means (§4: it is derived from its devices, type Other aside). */
export const STATUS_EXPLANATIONS: Readonly<Record<VehicleConnectionStatus, string>> = {
  online: 'Online: all of its reporting devices are online.',
  unknown: 'Unknown: some of its reporting devices are online, others are not.',
  offline: 'Offline: none of its reporting devices is online, or it has none.',
};

export function parseStatusFilter(value: string | null): StatusFilter {
  return VEHICLE_STATUSES.find((s) => s === value) ?? 'all';
}

/** A vehicle with its search text prepared once, so a keystroke only compares strings. */
interface IndexedVehicle {
  vehicle: VehicleListItem;
  text: string;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Sorts by vehicle name (natural order: 2 before 10) and prepares the search text. */
export function indexVehicles(
  vehicles: readonly VehicleListItem[],
  direction: SortDirection,
): IndexedVehicle[] {
  const sign = direction === 'asc' ? 1 : -1;
  return vehicles
    .map((vehicle) => ({
      vehicle,
      text: [vehicle.vehicleId, vehicle.description ?? '', vehicle.route ?? ''].join('\n').toLowerCase(),
    }))
    .sort((a, b) => sign * collator.compare(a.vehicle.vehicleId, b.vehicle.vehicleId));
}

/** The rows matching the search (vehicle id, description or route) and the status filter, in order. */
export function filterVehicles(
  indexed: readonly IndexedVehicle[],
  search: string,
  status: StatusFilter,
): VehicleListItem[] {
  const needle = search.trim().toLowerCase();
  const out: VehicleListItem[] = [];
  for (const { vehicle, text } of indexed) {
    if (status !== 'all' && vehicle.connectionStatus !== status) continue;
    if (needle && !text.includes(needle)) continue;
    out.push(vehicle);
  }
  return out;
}

export function countByStatus(vehicles: readonly VehicleListItem[]): Record<StatusFilter, number> {
  const counts: Record<StatusFilter, number> = { all: vehicles.length, online: 0, unknown: 0, offline: 0 };
  for (const v of vehicles) counts[v.connectionStatus]++;
  return counts;
}

const plural = (n: number) => pluralize(n, 'vehicle');

/** The summary line: a total, or a found count while searching. */
export function summaryText(shown: number, searching: boolean): string {
  return searching ? `Found ${plural(shown)}` : `Total: ${plural(shown)}`;
}

/** §5: a vehicle id already used in the agency, compared case-insensitively. */
export function isDuplicateVehicleId(
  vehicles: readonly Pick<Vehicle, 'vehicleId'>[],
  vehicleId: string,
): boolean {
  const wanted = vehicleId.trim().toLowerCase();
  return vehicles.some((v) => v.vehicleId.trim().toLowerCase() === wanted);
}

const OFFLINE_ROW = 'offline:';

/**
 * The Idempotency-Key of the create request of a vehicle made without signal and not on the server
 * yet (what later writes about it wait for, decision 036); null for a server vehicle.
 */
export function offlineKeyOf(vehicle: Pick<VehicleListItem, 'rowKey' | 'pendingSync'>): string | null {
  return vehicle.pendingSync && vehicle.rowKey.startsWith(OFFLINE_ROW)
    ? vehicle.rowKey.slice(OFFLINE_ROW.length)
    : null;
}

/**
 * The made-up id of a vehicle still waiting for its create, from its create's key: negative (never
 * a server id) and the same on every render, however many other pending vehicles go before it, so
 * what was written about it (an assignment naming it) stays with it until the server's id replaces
 * it (decision 036).
 */
const placeholderIdOf = (localId: string): number => localIdOf(localId);

type VehicleEdits = Partial<Pick<Vehicle, 'vin' | 'make' | 'model' | 'year' | 'odometer'>>;

/** A server vehicle as the screens show it, with the Vehicle Info kept for it and not sent yet. */
export const listItemOf = (vehicle: Vehicle, edits?: VehicleEdits): VehicleListItem => ({
  ...vehicle,
  ...edits,
  pendingSync: false,
  rowKey: String(vehicle.id),
});

/** Server vehicles plus those created offline and not yet sent (shown as pending, §3). */
export function mergeVehicles(
  vehicles: readonly Vehicle[],
  offline: readonly {
    localId: string;
    vehicleId: string;
    description: string | null;
    clientId: number;
    createdAt: string;
    /** Vehicle Info saved for it while it waits (offlineVehiclesIn). */
    edits?: VehicleEdits;
  }[],
  /** Vehicle Info kept for server vehicles, not sent yet (waitingVehicleEdits), by vehicle id. */
  edits: ReadonlyMap<number, VehicleEdits> = new Map(),
): VehicleListItem[] {
  const items: VehicleListItem[] = vehicles.map((v) => listItemOf(v, edits.get(v.id)));
  for (const o of offline) {
    if (isDuplicateVehicleId(vehicles, o.vehicleId)) continue;
    items.push({
      id: placeholderIdOf(o.localId),
      vehicleId: o.vehicleId,
      clientId: o.clientId,
      description: o.description,
      route: null,
      status: 'active',
      lastSeen: null,
      vin: null,
      seatedCapacity: null,
      doors: null,
      vehicleType: null,
      make: null,
      model: null,
      year: null,
      odometer: null,
      createdAt: o.createdAt,
      connectionStatus: 'offline',
      deviceCount: 0,
      isLocal: true,
      pendingSync: true,
      rowKey: `${OFFLINE_ROW}${o.localId}`,
      ...o.edits,
    });
  }
  return items;
}
