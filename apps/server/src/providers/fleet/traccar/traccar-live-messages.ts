import type { ProviderDeviceUpdate } from '../fleet-provider.ts';
import { groupLayout, placeOfGroup, type GroupLayout, type GroupPlace } from './traccar-layout.ts';
import { toDevice, toPlacedDevice } from './traccar-mapping.ts';
import {
  TcDeviceSchema,
  TcPositionSchema,
  TcSocketMessageSchema,
  parseRows,
  type TcDevice,
  type TcPosition,
} from './traccar-schemas.ts';
import type { TraccarWorld } from './traccar-world.ts';

/** What a gathering of socket messages asks of the mirror. */
interface LiveBatch {
  /** Device changes the messages tell in full, by agency and device (the latest wins). */
  updates: Map<string, ProviderDeviceUpdate>;
  /** Agencies to pull: something changed there that a message cannot tell (a device not known yet). */
  pulls: Set<string>;
  /** Pull every agency in use (a device moved to a group the last read did not know). */
  all: boolean;
}

export const emptyBatch = (): LiveBatch => ({ updates: new Map(), pulls: new Set(), all: false });
export const batchIsEmpty = (b: LiveBatch): boolean => b.updates.size === 0 && b.pulls.size === 0 && !b.all;

/** The fields of a position the mirror keeps: signal strength and the metadata keys the mapping gives. */
function positionFields(p: TcPosition): Pick<ProviderDeviceUpdate, 'signalStrength' | 'metadata'> {
  // The mapping's own reading of a position (traccar-mapping.ts), on a device of no name or model.
  const bare: TcDevice = { id: p.deviceId, name: '', uniqueId: '', attributes: {} };
  const device = toDevice(bare, 0, p);
  const metadata = { ...device.metadata };
  delete metadata.name;
  delete metadata.deviceSystem;
  return { signalStrength: device.signalStrength, metadata };
}

/**
 * Reads Traccar's socket messages (a `devices` message for every message a unit sends, a
 * `positions` message for every new position) into what the mirror must do: a device placed by
 * the groups of the last read becomes an update of its row; a device or group that read did not
 * know, or a device that left its agency, asks for a pull of the agencies concerned.
 */
export class LiveMessages {
  private layout: { of: ReadonlyMap<number, unknown>; value: GroupLayout } | null = null;

  constructor(private readonly world: TraccarWorld) {}

  /** Reads one message into the batch; false when it is not a message of the socket. */
  read(text: string, into: LiveBatch): boolean {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return false;
    }
    const message = TcSocketMessageSchema.safeParse(value);
    if (!message.success) return false;
    const bad = () => undefined;
    for (const d of parseRows(TcDeviceSchema, message.data.devices ?? [], bad)) this.device(d, into);
    for (const p of parseRows(TcPositionSchema, message.data.positions ?? [], bad)) this.position(p, into);
    return true;
  }

  /** Where a device in this group counts, by the groups of the last read (traccar-layout.ts). */
  private placeOf(groupId: number): GroupPlace | null {
    const groups = this.world.knownGroups();
    if (this.layout?.of !== groups)
      this.layout = { of: groups, value: groupLayout([...groups.values()], this.world.agencyParent) };
    return placeOfGroup(this.layout.value, groupId);
  }

  private agencyOf(groupId: number): string | null {
    const place = this.placeOf(groupId);
    return place ? String(place.agencyId) : null;
  }

  private device(d: TcDevice, into: LiveBatch): void {
    const groupId = d.groupId ?? 0;
    const groupKnown = groupId === 0 || this.world.knownGroups().has(groupId);
    const place = this.placeOf(groupId);
    const agency = place ? String(place.agencyId) : null;
    const before = this.world.knownDeviceGroups().get(d.id);
    const agencyBefore = before === undefined ? null : this.agencyOf(before);
    if (!groupKnown) {
      // A group made after the last read: which agency it is in is not known yet.
      into.all = true;
      return;
    }
    if (agencyBefore !== null && agencyBefore !== agency) {
      // It left its agency (moved in Traccar's own screens): both sides are pulled.
      into.pulls.add(agencyBefore);
      if (agency !== null) into.pulls.add(agency);
      return;
    }
    if (place === null || agency === null) return;
    if (before === undefined) {
      // A device made after the last read.
      into.pulls.add(agency);
      return;
    }
    const mapped = toPlacedDevice(d, place, undefined);
    this.merge(into, {
      clientExternalId: agency,
      externalId: mapped.externalId,
      status: mapped.status,
      lastHeartbeat: mapped.lastHeartbeat,
      vehicleExternalId: mapped.vehicleExternalId,
    });
  }

  private position(p: TcPosition, into: LiveBatch): void {
    this.world.notePosition(p);
    const groupId = this.world.knownDeviceGroups().get(p.deviceId);
    // A device the last read did not know: its `devices` message asks for the pull.
    const agency = groupId === undefined ? null : this.agencyOf(groupId);
    if (agency === null) return;
    this.merge(into, { clientExternalId: agency, externalId: String(p.deviceId), ...positionFields(p) });
  }

  private merge(into: LiveBatch, update: ProviderDeviceUpdate): void {
    const key = `${update.clientExternalId}:${update.externalId}`;
    const held = into.updates.get(key);
    into.updates.set(key, held ? { ...held, ...update } : update);
  }
}
