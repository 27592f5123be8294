import { z } from 'zod';
import { ProviderRejectedError, ProviderUnavailableError } from '../fleet-provider.ts';
import { TraccarHttp } from './traccar-http.ts';
import {
  groupLayout,
  isAgencyGroup,
  placeOfGroup,
  unassignedGroupOf,
  type GroupLayout,
  type GroupPlace,
} from './traccar-layout.ts';
import {
  TcDeviceSchema,
  TcGroupSchema,
  TcPositionSchema,
  parseRows,
  type TcDevice,
  type TcGroup,
  type TcPosition,
} from './traccar-schemas.ts';

/** One agency as Traccar holds it: its group, its bus groups, its devices and their positions. */
export interface AgencyView {
  agency: TcGroup;
  vehicles: TcGroup[];
  /** Every device in the agency's groups, at any depth (traccar-layout.ts). */
  devices: TcDevice[];
  /** The bus group each device counts on (null: unassigned), by device id. */
  vehicleOf: Map<number, number | null>;
  /** The latest position of each device that has one, by device id. */
  positions: Map<number, TcPosition>;
}

interface Lists {
  groups: TcGroup[];
  devices: TcDevice[];
  layout: GroupLayout;
}

const POSITION_CHUNK = 100;
const POSITION_CONCURRENCY = 4;

/**
 * The server-wide lists the provider reads with the administrator's token (`?all=true`: without
 * it an administrator sees only what is linked to it), kept for a moment so that one pull's three
 * calls (vehicles, systems, devices) read Traccar once, read with the group layout
 * (traccar-layout.ts), and the latest position of each device, fetched only when the device's
 * `positionId` moved (`GET /api/positions?id=`).
 */
export class TraccarWorld {
  private lists: { at: number; value: Promise<Lists> } | null = null;
  private readonly latest = new Map<number, TcPosition>();
  /** Devices whose `positionId` names a deleted position, with that id: not asked again until it moves. */
  private readonly lostPositions = new Map<number, number>();
  private groupsById = new Map<number, TcGroup>();
  private deviceGroups = new Map<number, number>();
  private layout: GroupLayout | null = null;
  rowsRefused = 0;

  constructor(
    private readonly http: TraccarHttp,
    private readonly ttlMs: number,
    /** TRACCAR_AGENCY_PARENT: agencies are this group's direct subgroups (0: the top-level groups). */
    readonly agencyParent = 0,
  ) {}

  /** Whether a group is an agency (safe to pass to `filter`). */
  readonly isAgency = (group: TcGroup): boolean => isAgencyGroup(group, this.agencyParent);

  /** Forgets the lists: the next read goes to Traccar (after a write, or a socket resync). */
  invalidate(): void {
    this.lists = null;
  }

  /** A position the socket delivered: kept if newer than the one held. */
  notePosition(p: TcPosition): void {
    const held = this.latest.get(p.deviceId);
    if (!held || held.id <= p.id) this.latest.set(p.deviceId, p);
  }

  private refused = (issue: string) => {
    this.rowsRefused += 1;
    this.http.log.warn({ issue }, 'Traccar row refused: left out');
  };

  read(): Promise<Lists> {
    const now = Date.now();
    if (this.lists && now - this.lists.at < this.ttlMs) return this.lists.value;
    const value = Promise.all([
      this.http.json('/groups', z.unknown(), { query: { all: true } }),
      this.http.json('/devices', z.unknown(), { query: { all: true } }),
    ]).then(([g, d]) => {
      const devices = parseRows(TcDeviceSchema, d, this.refused);
      const groups = parseRows(TcGroupSchema, g, this.refused);
      this.prune(devices);
      const layout = groupLayout(groups, this.agencyParent);
      this.layout = layout;
      this.groupsById = new Map(groups.map((x) => [x.id, x]));
      this.deviceGroups = new Map(devices.map((x) => [x.id, x.groupId ?? 0]));
      return { groups, devices, layout };
    });
    this.lists = { at: now, value };
    value.catch(() => {
      if (this.lists?.value === value) this.lists = null;
    });
    return value;
  }

  /** The groups of the last read (the socket's messages are placed with them). */
  knownGroups(): ReadonlyMap<number, TcGroup> {
    return this.groupsById;
  }

  /** Each device's group as of the last read. */
  knownDeviceGroups(): ReadonlyMap<number, number> {
    return this.deviceGroups;
  }

  /** The agency (its external id) a group belongs to as of the last read, or null. */
  agencyOfGroup(groupId: number): string | null {
    const place = this.layout ? placeOfGroup(this.layout, groupId) : null;
    return place ? String(place.agencyId) : null;
  }

  async groups(): Promise<TcGroup[]> {
    return (await this.read()).groups;
  }

  /** Where a device in this group counts (null: in no agency). */
  async placeOf(groupId: number): Promise<GroupPlace | null> {
    return placeOfGroup((await this.read()).layout, groupId);
  }

  /** The group a device in this group goes to when it is unassigned (traccar-layout.ts). */
  async unassignedGroupOf(groupId: number): Promise<number> {
    return unassignedGroupOf((await this.read()).layout, groupId);
  }

  async agency(agencyExternalId: string): Promise<AgencyView> {
    const { groups, devices, layout } = await this.read();
    const agencyId = Number(agencyExternalId);
    const agency = groups.find((g) => g.id === agencyId && this.isAgency(g));
    if (!agency) throw new ProviderRejectedError('Agency not found on the fleet platform', 404);
    const vehicleOf = new Map<number, number | null>();
    const mine = devices.filter((d) => {
      const place = placeOfGroup(layout, d.groupId ?? 0);
      if (place?.agencyId !== agencyId) return false;
      vehicleOf.set(d.id, place.vehicleId);
      return true;
    });
    const vehicles = [...(layout.buses.get(agencyId) ?? [])];
    return { agency, vehicles, devices: mine, vehicleOf, positions: await this.positionsOf(mine) };
  }

  /**
   * The latest positions of these devices, fetching only those whose `positionId` moved. A
   * `positionId` naming a deleted position fails Traccar's whole answer (400): such a chunk is
   * split until the lost ids are found; their devices show no position until it moves.
   */
  async positionsOf(devices: readonly TcDevice[]): Promise<Map<number, TcPosition>> {
    const missing: TcDevice[] = [];
    for (const d of devices) {
      const pid = d.positionId ?? 0;
      const lost = this.lostPositions.get(d.id);
      if (lost !== undefined && lost !== pid) this.lostPositions.delete(d.id);
      if (lost !== pid && (this.latest.get(d.id)?.id ?? 0) < pid) missing.push(d);
    }
    const chunks: TcDevice[][] = [];
    for (let i = 0; i < missing.length; i += POSITION_CHUNK)
      chunks.push(missing.slice(i, i + POSITION_CHUNK));
    const run = async () => {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) await this.fetchPositions(chunk);
    };
    await Promise.all(Array.from({ length: Math.min(POSITION_CONCURRENCY, chunks.length) }, run));
    const out = new Map<number, TcPosition>();
    for (const d of devices) {
      const p = this.latest.get(d.id);
      if (p && (d.positionId ?? 0) > 0) out.set(d.id, p);
    }
    return out;
  }

  /** One `GET /api/positions?id=…`; on a 400, each half asked apart, down to the lost id. */
  private async fetchPositions(devices: readonly TcDevice[]): Promise<void> {
    const ids = devices.map((d) => String(d.positionId ?? 0));
    const answer = await this.http.call('/positions', { query: { id: ids }, accept: [400] });
    if (answer.status === 400) {
      const [only] = devices;
      if (devices.length === 1 && only) return this.lose(only, answer.body);
      const half = Math.ceil(devices.length / 2);
      await this.fetchPositions(devices.slice(0, half));
      await this.fetchPositions(devices.slice(half));
      return;
    }
    const rows = TraccarHttp.parse(answer);
    if (rows === undefined) throw new ProviderUnavailableError('Traccar answered /positions without JSON');
    for (const p of parseRows(TcPositionSchema, rows, this.refused)) this.notePosition(p);
  }

  private lose(device: TcDevice, trace: string): void {
    const positionId = device.positionId ?? 0;
    this.lostPositions.set(device.id, positionId);
    this.http.log.warn(
      { deviceId: device.id, uniqueId: device.uniqueId, positionId, trace: trace.slice(0, 4000) },
      'Traccar cannot give the latest position of a device (deleted?): shown without position data until it reports again',
    );
  }

  /** Drops what is held of devices that no longer exist (after each full read). */
  private prune(devices: readonly TcDevice[]): void {
    const live = new Set(devices.map((d) => d.id));
    for (const id of this.latest.keys()) if (!live.has(id)) this.latest.delete(id);
    for (const id of this.lostPositions.keys()) if (!live.has(id)) this.lostPositions.delete(id);
  }
}
