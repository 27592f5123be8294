import { z } from 'zod';
import { ProviderRejectedError } from '../fleet-provider.ts';
import type { TraccarHttp } from './traccar-http.ts';
import {
  TcDeviceSchema,
  TcGroupSchema,
  TcPositionSchema,
  parseRows,
  type TcDevice,
  type TcGroup,
  type TcPosition,
} from './traccar-schemas.ts';

/** One agency as Traccar holds it: its group, its vehicle groups, its devices and their positions. */
export interface AgencyView {
  agency: TcGroup;
  vehicles: TcGroup[];
  devices: TcDevice[];
  /** The latest position of each device that has one, by device id. */
  positions: Map<number, TcPosition>;
}

const POSITION_CHUNK = 100;
const POSITION_CONCURRENCY = 4;

/**
 * The server-wide lists the provider reads with the administrator's token (`?all=true`: without
 * it an administrator sees only what is linked to it), kept for a moment so that one pull's three
 * calls (vehicles, systems, devices) read Traccar once, and the latest position of each device,
 * fetched only when the device's `positionId` moved (`GET /api/positions?id=`).
 */
export class TraccarWorld {
  private lists: { at: number; value: Promise<{ groups: TcGroup[]; devices: TcDevice[] }> } | null = null;
  private readonly latest = new Map<number, TcPosition>();
  private groupsById = new Map<number, TcGroup>();
  private deviceGroups = new Map<number, number>();
  rowsRefused = 0;

  constructor(
    private readonly http: TraccarHttp,
    private readonly ttlMs: number,
  ) {}

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

  read(): Promise<{ groups: TcGroup[]; devices: TcDevice[] }> {
    const now = Date.now();
    if (this.lists && now - this.lists.at < this.ttlMs) return this.lists.value;
    const value = Promise.all([
      this.http.json('/groups', z.unknown(), { query: { all: true } }),
      this.http.json('/devices', z.unknown(), { query: { all: true } }),
    ]).then(([g, d]) => {
      const devices = parseRows(TcDeviceSchema, d, this.refused);
      const groups = parseRows(TcGroupSchema, g, this.refused);
      this.prune(devices);
      this.groupsById = new Map(groups.map((x) => [x.id, x]));
      this.deviceGroups = new Map(devices.map((x) => [x.id, x.groupId ?? 0]));
      return { groups, devices };
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

  async groups(): Promise<TcGroup[]> {
    return (await this.read()).groups;
  }

  async agency(agencyExternalId: string): Promise<AgencyView> {
    const { groups, devices } = await this.read();
    const agencyId = Number(agencyExternalId);
    const agency = groups.find((g) => g.id === agencyId && g.groupId === 0);
    if (!agency) throw new ProviderRejectedError('Agency not found on the fleet platform', 404);
    const vehicles = groups.filter((g) => g.groupId === agencyId);
    const inAgency = new Set([agencyId, ...vehicles.map((v) => v.id)]);
    const mine = devices.filter((d) => inAgency.has(d.groupId ?? 0));
    return { agency, vehicles, devices: mine, positions: await this.positionsOf(mine) };
  }

  /** The latest positions of these devices, fetching only those whose `positionId` moved. */
  async positionsOf(devices: readonly TcDevice[]): Promise<Map<number, TcPosition>> {
    const missing = devices
      .filter((d) => (this.latest.get(d.id)?.id ?? 0) < (d.positionId ?? 0))
      .map((d) => d.positionId ?? 0);
    const chunks: number[][] = [];
    for (let i = 0; i < missing.length; i += POSITION_CHUNK)
      chunks.push(missing.slice(i, i + POSITION_CHUNK));
    const run = async () => {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        const rows = await this.http.json('/positions', z.unknown(), { query: { id: chunk.map(String) } });
        for (const p of parseRows(TcPositionSchema, rows, this.refused)) this.notePosition(p);
      }
    };
    await Promise.all(Array.from({ length: Math.min(POSITION_CONCURRENCY, chunks.length) }, run));
    const out = new Map<number, TcPosition>();
    for (const d of devices) {
      const p = this.latest.get(d.id);
      if (p && (d.positionId ?? 0) > 0) out.set(d.id, p);
    }
    return out;
  }

  /** Drops positions of devices that no longer exist (after each full read). */
  private prune(devices: readonly TcDevice[]): void {
    const live = new Set(devices.map((d) => d.id));
    for (const id of this.latest.keys()) if (!live.has(id)) this.latest.delete(id);
  }
}
