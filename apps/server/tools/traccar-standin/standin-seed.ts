import {
  StandinState,
  USER_DEFAULTS,
  tcDate,
  type TcDevice,
  type TcStatus,
  type TcUser,
} from './standin-state.ts';

/** The administrator's API token the stand-in is seeded with (what TRACCAR_TOKEN holds in a demo). */
export const STANDIN_ADMIN_TOKEN = 'standin-admin-token';
export const STANDIN_PASSWORD = 'installer-password';

/** The TOTP key of `STANDIN_USERS.twofactor` (base32; `totpCode(STANDIN_TOTP_KEY)` gives its code). */
export const STANDIN_TOTP_KEY = 'JBSWY3DPEHPK3PXP';
/** The past `expirationTime` of `STANDIN_USERS.expired`. */
export const STANDIN_EXPIRED_AT = '2024-01-01T00:00:00.000+00:00';

/**
 * Installers of the seeded world; each sees the agencies named beside it. The first four are made
 * first (ids 1 to 4); the restricted ones, all linked to Metro Transit, after everything else, so
 * that no group or device id moved when they came.
 */
export const STANDIN_USERS = {
  admin: { email: 'admin@standin.example', name: 'Platform Admin', login: null },
  installer: { email: 'installer@standin.example', name: 'Dana Installer', login: null },
  /** Also signs in by a login name of its own (Traccar's `login`, as an LDAP account has). */
  rural: { email: 'rural@standin.example', name: 'Robin Rural', login: 'rrural' },
  nobody: { email: 'nobody@standin.example', name: 'Newcomer', login: null },
  /** `readonly`: may read Metro Transit, write nothing. */
  readonly: { email: 'readonly@standin.example', name: 'Riley Readonly', login: null },
  /** `deviceReadonly` and `limitCommands`: may edit groups, not devices; only saved commands. */
  limited: { email: 'limited@standin.example', name: 'Lee Limited', login: null },
  /** Has a TOTP key (STANDIN_TOTP_KEY): signing in needs the `code` field. */
  twofactor: { email: 'twofactor@standin.example', name: 'Tess Twofactor', login: null },
  /** `disabled`: cannot sign in ("User is disabled"). */
  disabled: { email: 'disabled@standin.example', name: 'Dale Disabled', login: null },
  /** `expirationTime` in the past: cannot sign in ("User has expired"). */
  expired: { email: 'expired@standin.example', name: 'Evan Expired', login: null },
  /** A manager (`userLimit` not 0): a supervisor in the toolkit (issue 34). */
  manager: { email: 'manager@standin.example', name: 'Morgan Manager', login: null },
} as const;

/** The restrictions each seeded user has beyond Traccar's defaults. */
const RESTRICTIONS: Partial<Record<keyof typeof STANDIN_USERS, Partial<TcUser>>> = {
  readonly: { readonly: true },
  limited: { deviceReadonly: true, limitCommands: true },
  twofactor: { totpKey: STANDIN_TOTP_KEY },
  disabled: { disabled: true },
  expired: { expirationTime: STANDIN_EXPIRED_AT },
  manager: { userLimit: -1 },
};

export interface StandinSeedOptions {
  /** Buses of each agency: Metro Transit, Valley Bus, Rural Lines (default 30, 8, 3). */
  vehicles?: readonly [number, number, number];
  /** Devices per bus (GPS, then Router, Tablet, APC); default 2. */
  devicesPerVehicle?: number;
  /** Spare devices in each agency's own group (unassigned); default 3. The last of Metro's is disabled. */
  spares?: number;
  /** The Traccar version to behave as (default 6.14.5). */
  version?: string;
  /** `web.serviceAccountToken`: a token that signs in as the service account (default none). */
  serviceAccountToken?: string;
}

const TYPES = ['GPS', 'Router', 'Tablet', 'APC'] as const;
const MODELS: Record<(typeof TYPES)[number], string> = {
  GPS: 'CalAmp LMU-4230',
  Router: 'Cradlepoint IBR900 router',
  Tablet: 'Samsung Galaxy Tab Active tablet',
  APC: 'Iris APC front',
};

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A believable Traccar server: three agencies (top-level groups), their buses (groups inside),
 * devices on the buses and spares, the latest position of each reporting device, an
 * administrator with an API token, installers linked to their agencies, and one device of another
 * tenant (a top-level group nobody here sees) to prove that `uniqueId` is unique server-wide.
 */
export function seedStandin(options: StandinSeedOptions = {}): StandinState {
  const state = new StandinState();
  const rand = mulberry32(26);
  const [metroBuses, valleyBuses, ruralBuses] = options.vehicles ?? [30, 8, 3];
  const perBus = options.devicesPerVehicle ?? 2;
  const spares = options.spares ?? 3;
  const now = Date.now();

  if (options.version) state.version = options.version;
  if (options.serviceAccountToken) state.serviceAccountToken = options.serviceAccountToken;

  const user = (key: keyof typeof STANDIN_USERS, administrator = false) => {
    const id = state.newId();
    state.users.set(id, {
      ...USER_DEFAULTS,
      id,
      ...STANDIN_USERS[key],
      password: STANDIN_PASSWORD,
      administrator,
      ...RESTRICTIONS[key],
    });
    return id;
  };
  const admin = user('admin', true);
  const installer = user('installer');
  const rural = user('rural');
  user('nobody');
  // The administrator's token, made with a far `expiration` so that a long demo keeps it.
  state.tokens.set(STANDIN_ADMIN_TOKEN, admin, Date.parse('2099-01-01T00:00:00Z'));

  let imei = 350_000_000_000_000;
  const addDevice = (groupId: number, type: (typeof TYPES)[number], label: string): TcDevice => {
    const id = state.newId();
    imei += 7;
    const roll = rand();
    const status: TcStatus = roll < 0.7 ? 'online' : roll < 0.85 ? 'offline' : 'unknown';
    const device: TcDevice = {
      id,
      name: `${label} ${type}`,
      uniqueId: String(imei),
      status,
      disabled: false,
      lastUpdate: status === 'unknown' && roll > 0.95 ? null : tcDate(now - Math.floor(rand() * 3_600_000)),
      positionId: 0,
      groupId,
      phone: type === 'GPS' ? `+1555${String(1_000_000 + Math.floor(rand() * 8_999_999))}` : null,
      model: MODELS[type],
      contact: null,
      category: 'bus',
      attributes: type === 'GPS' ? {} : { deviceType: type },
    };
    state.devices.set(id, device);
    if (device.lastUpdate !== null) {
      const pid = state.newId();
      const fix = Date.parse(device.lastUpdate);
      state.positions.set(pid, {
        id: pid,
        deviceId: id,
        protocol: type === 'GPS' ? 'calamp' : 'osmand',
        deviceTime: tcDate(fix),
        fixTime: tcDate(fix),
        serverTime: tcDate(fix + 400),
        valid: rand() > 0.1,
        latitude: 45.5 + rand() / 10,
        longitude: -122.6 + rand() / 10,
        altitude: 30,
        speed: Math.round(rand() * 200) / 10,
        course: Math.floor(rand() * 360),
        address: null,
        accuracy: 0,
        network: null,
        geofenceIds: null,
        attributes: {
          sat: 3 + Math.floor(rand() * 10),
          rssi: Math.floor(rand() * 32),
          power: 12 + Math.round(rand() * 20) / 10,
          battery: 3.7 + Math.round(rand() * 5) / 10,
          ignition: rand() > 0.3,
          hdop: Math.round(rand() * 30) / 10,
        },
      });
      device.positionId = pid;
    }
    return device;
  };

  const agency = (name: string, region: string, buses: number, prefix: number) => {
    const id = state.newId();
    state.groups.set(id, { id, name, groupId: 0, attributes: { region, fullName: `${name} Authority` } });
    for (let b = 0; b < buses; b++) {
      const gid = state.newId();
      const fleet = String(prefix + b);
      state.groups.set(gid, {
        id: gid,
        name: fleet,
        groupId: id,
        attributes: {
          description: `${String(2015 + (b % 9))} Gillig Low Floor 40'`,
          make: 'Gillig',
          model: 'Low Floor',
          year: 2015 + (b % 9),
          odometer: 50_000 + b * 1_000,
          garage: 'North depot',
        },
      });
      for (let d = 0; d < perBus; d++) addDevice(gid, TYPES[d % TYPES.length] ?? 'GPS', fleet);
    }
    for (let s = 0; s < spares; s++) addDevice(id, TYPES[s % TYPES.length] ?? 'GPS', `${name} spare`);
    return id;
  };
  const metro = agency('Metro Transit', 'Portland, OR', metroBuses, 1000);
  // One of Metro's spares is disabled (Device.disabled): kept and reported, its unit refused.
  const lastSpare = [...state.devices.values()].filter((d) => d.groupId === metro).at(-1);
  if (lastSpare) Object.assign(lastSpare, { disabled: true, status: 'offline' });
  const valley = agency('Valley Bus', 'Salem, OR', valleyBuses, 200);
  const ruralLines = agency('Rural Lines', 'Bend, OR', ruralBuses, 10);
  agency('Other Tenant Freight', 'Elsewhere', 1, 9000);

  state.link('group', installer, metro);
  state.link('group', installer, valley);
  state.link('group', rural, ruralLines);
  // The token's administrator is linked to the agencies, so its socket carries their changes; not
  // to the other tenant, whose devices it finds only with `?all=true`.
  for (const g of [metro, valley, ruralLines]) state.link('group', admin, g);
  for (const key of ['readonly', 'limited', 'twofactor', 'disabled', 'expired', 'manager'] as const)
    state.link('group', user(key), metro);
  return state;
}
