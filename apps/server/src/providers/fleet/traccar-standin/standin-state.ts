/**
 * The stand-in's world, shaped like Traccar's own tables: users, groups (nested by `groupId`,
 * 0 = top level), devices, their latest positions and the user-group / user-device links. What
 * a user may see follows Traccar's `Condition.Permission`: the devices and groups linked to the
 * user, the subgroups of a linked group and every device inside them; an administrator is not
 * special there (only `?all=true` and single-object checks let an administrator past).
 */

export type TcStatus = 'online' | 'offline' | 'unknown';
export type Attributes = Record<string, unknown>;

export interface TcUser {
  id: number;
  name: string;
  email: string;
  /** A second login name (an LDAP account's, say): Traccar signs in by it or by the e-mail. */
  login: string | null;
  password: string;
  administrator: boolean;
}

export interface TcGroup {
  id: number;
  name: string;
  groupId: number;
  attributes: Attributes;
}

export interface TcDevice {
  id: number;
  name: string;
  uniqueId: string;
  status: TcStatus;
  disabled: boolean;
  lastUpdate: string | null;
  positionId: number;
  groupId: number;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  attributes: Attributes;
}

export interface TcPosition {
  id: number;
  deviceId: number;
  protocol: string;
  deviceTime: string;
  fixTime: string;
  serverTime: string;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  address: string | null;
  accuracy: number;
  network: Attributes | null;
  geofenceIds: number[] | null;
  attributes: Attributes;
}

export interface SentCommand {
  deviceId: number;
  type: string;
  textChannel: boolean;
  data: string | null;
  answer: 200 | 202;
}

/** Traccar's date format: `2026-05-01T13:02:11.120+00:00`. */
export const tcDate = (ms: number = Date.now()): string => new Date(ms).toISOString().replace('Z', '+00:00');

export class StandinState {
  readonly users = new Map<number, TcUser>();
  readonly groups = new Map<number, TcGroup>();
  readonly devices = new Map<number, TcDevice>();
  readonly positions = new Map<number, TcPosition>();
  /** Bearer tokens and JSESSIONID cookies, each to its user id. */
  readonly tokens = new Map<string, number>();
  readonly sessions = new Map<string, number>();
  readonly userGroups = new Map<number, Set<number>>();
  readonly userDevices = new Map<number, Set<number>>();
  readonly commands: SentCommand[] = [];
  textEnabled = true;
  readonly version = '6.14.5';
  private nextId = 1;

  newId(): number {
    return this.nextId++;
  }

  link(kind: 'group' | 'device', userId: number, objectId: number): void {
    const map = kind === 'group' ? this.userGroups : this.userDevices;
    const set = map.get(userId) ?? new Set<number>();
    set.add(objectId);
    map.set(userId, set);
  }

  /** The group and every group nested inside it. */
  private subtree(groupIds: Iterable<number>): Set<number> {
    const out = new Set<number>(groupIds);
    let grew = true;
    while (grew) {
      grew = false;
      for (const g of this.groups.values()) {
        if (g.groupId !== 0 && out.has(g.groupId) && !out.has(g.id)) {
          out.add(g.id);
          grew = true;
        }
      }
    }
    return out;
  }

  /** Groups the user sees through its links (Traccar's Permission condition). */
  linkedGroups(userId: number): TcGroup[] {
    const ids = this.subtree(this.userGroups.get(userId) ?? []);
    return [...this.groups.values()].filter((g) => ids.has(g.id));
  }

  /** Devices the user sees through its links: linked directly or inside a linked group. */
  linkedDevices(userId: number): TcDevice[] {
    const groups = this.subtree(this.userGroups.get(userId) ?? []);
    const direct = this.userDevices.get(userId) ?? new Set<number>();
    return [...this.devices.values()].filter((d) => direct.has(d.id) || groups.has(d.groupId));
  }

  /** Traccar's checkPermission: an administrator may touch any object. */
  canSeeDevice(userId: number, deviceId: number): boolean {
    const user = this.users.get(userId);
    if (!user) return false;
    if (user.administrator) return this.devices.has(deviceId);
    return this.linkedDevices(userId).some((d) => d.id === deviceId);
  }

  canSeeGroup(userId: number, groupId: number): boolean {
    const user = this.users.get(userId);
    if (!user) return false;
    if (user.administrator) return this.groups.has(groupId);
    return this.linkedGroups(userId).some((g) => g.id === groupId);
  }

  /** Users who receive a device's changes over the socket (linked, as in Traccar). */
  watchers(deviceId: number): number[] {
    return [...this.users.keys()].filter((u) => this.linkedDevices(u).some((d) => d.id === deviceId));
  }

  deviceByUniqueId(uniqueId: string): TcDevice | undefined {
    for (const d of this.devices.values()) if (d.uniqueId === uniqueId) return d;
    return undefined;
  }
}
