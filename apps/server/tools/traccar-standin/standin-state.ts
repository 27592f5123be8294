import { TokenStore } from './standin-tokens.ts';

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
  /** UserRestrictions (model/User.java): no writes at all; no device edits; only saved commands. */
  readonly: boolean;
  deviceReadonly: boolean;
  limitCommands: boolean;
  /** Devices the user may add: -1 unlimited, 0 none (PermissionsService.checkEdit). */
  deviceLimit: number;
  /** Users the user may manage: 0 none; a manager has another value (-1 unlimited). */
  userLimit: number;
  /** Disableable: a disabled or expired user cannot sign in or call the API. */
  disabled: boolean;
  /** A Traccar date (`2026-05-01T13:02:11.120+00:00`) or null. */
  expirationTime: string | null;
  /** Base32 TOTP key (since 5.10): sign-in then needs the `code` form field. */
  totpKey: string | null;
}

/** The user fields a new user takes when not given (UserUtil.setUserDefaults: deviceLimit -1). */
export const USER_DEFAULTS = {
  login: null,
  administrator: false,
  readonly: false,
  deviceReadonly: false,
  limitCommands: false,
  deviceLimit: -1,
  userLimit: 0,
  disabled: false,
  expirationTime: null,
  totpKey: null,
} as const;

/** ServiceAccountUser.ID: 9e18 is a double exactly, so JSON.stringify writes these very digits. */
export const SERVICE_ACCOUNT_ID = 9_000_000_000_000_000_000;

/** The user `web.serviceAccountToken` signs in as (api/security/ServiceAccountUser.java); in no table. */
export const SERVICE_ACCOUNT: TcUser = {
  ...USER_DEFAULTS,
  id: SERVICE_ACCOUNT_ID,
  name: 'Service Account',
  email: 'none',
  password: '',
  administrator: true,
  deviceLimit: 0,
};

/** The server-wide restrictions (model/Server.java, UserRestrictions), for non-administrators. */
export interface ServerRestrictions {
  readonly: boolean;
  deviceReadonly: boolean;
  limitCommands: boolean;
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
  /** API tokens, each to its user id, with their expiration and revocation (TokenManager). */
  readonly tokens = new TokenStore();
  /** JSESSIONID cookies, each to its user id. */
  readonly sessions = new Map<string, number>();
  /** A session opened with `?token=` ends when the token does (SessionHelper.EXPIRATION_KEY). */
  readonly sessionExpirations = new Map<string, number>();
  readonly userGroups = new Map<number, Set<number>>();
  readonly userDevices = new Map<number, Set<number>>();
  readonly commands: SentCommand[] = [];
  textEnabled = true;
  readonly server: ServerRestrictions = { readonly: false, deviceReadonly: false, limitCommands: false };
  /** The Traccar version copied: some behaviour depends on it (see `atLeast`). */
  version = '6.14.5';
  /** `web.serviceAccountToken`: signs in as SERVICE_ACCOUNT, never expires. Null: none configured. */
  serviceAccountToken: string | null = null;
  private nextId = 1;

  /** Whether the copied version is this one or later (`5.3`, `6.2`). */
  atLeast(version: string): boolean {
    const have = this.version.split('.').map(Number);
    const want = version.split('.').map(Number);
    for (let i = 0; i < Math.max(have.length, want.length); i++) {
      const a = have[i] ?? 0;
      const b = want[i] ?? 0;
      if (a !== b) return a > b;
    }
    return true;
  }

  /** PermissionsService.getUser: a stored user, or the service account by its id. */
  user(id: number): TcUser | undefined {
    return id === SERVICE_ACCOUNT_ID ? SERVICE_ACCOUNT : this.users.get(id);
  }

  userByEmail(email: string): TcUser | undefined {
    const name = email.trim().toLowerCase();
    for (const u of this.users.values()) if (u.email.toLowerCase() === name) return u;
    return undefined;
  }

  /** TokenManager.generateToken: a new token of the user (7 days unless `expiresAtMs` says). */
  issueToken(userId: number, expiresAtMs?: number): string {
    return this.tokens.issue(userId, expiresAtMs);
  }

  /** As POST /api/session/token/revoke does; false when no such token. */
  revokeToken(token: string): boolean {
    return this.tokens.revoke(token);
  }

  /** Makes the token already expired; false when no such token. */
  expireToken(token: string): boolean {
    return this.tokens.expire(token);
  }

  /** A new password: tokens and open sessions stay valid, as in Traccar (nothing revokes them). */
  setPassword(userId: number, password: string): void {
    const user = this.users.get(userId);
    if (!user) throw new Error(`No user ${String(userId)}`);
    user.password = password;
  }

  /**
   * Deletes a position row, as a cleanup does: the device's `positionId` keeps pointing at it, so
   * `GET /api/positions?id=` with that id fails whole (PositionResource.getJson, NullPointerException).
   */
  deletePosition(positionId: number): boolean {
    return this.positions.delete(positionId);
  }

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
    const user = this.user(userId);
    if (!user) return false;
    if (user.administrator) return this.devices.has(deviceId);
    return this.linkedDevices(userId).some((d) => d.id === deviceId);
  }

  canSeeGroup(userId: number, groupId: number): boolean {
    const user = this.user(userId);
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
