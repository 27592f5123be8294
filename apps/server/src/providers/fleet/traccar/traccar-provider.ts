import { z } from 'zod';
import { DEVICE_MESSAGES, type SmsCommand } from '@toolkit/contracts/devices.ts';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type FleetChangeListener,
  type FleetProvider,
  type ProviderAccount,
  type ProviderCreateDeviceInput,
  type ProviderCreateVehicleInput,
  type ProviderDevice,
  type ProviderSmsReply,
  type ProviderVehicle,
  type ProviderVehiclePatch,
} from '../fleet-provider.ts';
import { TraccarHttp } from './traccar-http.ts';
import { TraccarLive } from './traccar-live.ts';
import { TRACCAR_MESSAGES, TRACCAR_PLATFORM, type TraccarProviderOptions } from './traccar-platform.ts';
import {
  isAgency,
  toClient,
  toDevice,
  toDeviceSystems,
  toVehicle,
  withVehicleAttributes,
} from './traccar-mapping.ts';
import {
  TcDeviceSchema,
  TcGroupSchema,
  TcServerSchema,
  TcUserSchema,
  parseRows,
  type TcDevice,
} from './traccar-schemas.ts';
import { createVehicleGroup } from './traccar-vehicles.ts';
import { TraccarAccounts } from './traccar-accounts.ts';
import { TraccarWorld } from './traccar-world.ts';

export { TRACCAR_MESSAGES } from './traccar-platform.ts';
export type { TraccarProviderOptions } from './traccar-platform.ts';

/** The token is wrong or not an administrator's: the server must not start. */
export class TraccarTokenError extends Error {
  override readonly name = 'TraccarTokenError';
}

/**
 * The fleet system as a Traccar server (decision 033): agencies are top-level groups, vehicles
 * groups inside them, devices Traccar devices. Every write reads the object, changes only what it
 * must and writes the whole object back (Traccar's PUT replaces it).
 */
export class TraccarFleetProvider implements FleetProvider {
  readonly http: TraccarHttp;
  readonly world: TraccarWorld;
  readonly live: TraccarLive;
  private readonly accounts: TraccarAccounts;
  readonly platform = TRACCAR_PLATFORM;
  /** Filled by connect(): what `GET /api/server` said. */
  server: { version: string; textEnabled: boolean } | null = null;

  private readonly token: string;

  constructor(options: TraccarProviderOptions) {
    this.token = options.token;
    this.http = new TraccarHttp(options);
    this.world = new TraccarWorld(this.http, options.listTtlMs ?? 1000);
    this.accounts = new TraccarAccounts(this.http);
    this.live = new TraccarLive(this.http, this.world, { token: options.token, pollMs: options.pollMs });
  }

  /** Live statuses: the socket, or polling while it is down. */
  watch(listener: FleetChangeListener): void {
    this.live.start(listener);
  }

  close(): Promise<void> {
    this.live.stop();
    return Promise.resolve();
  }

  /**
   * The start-up check: the server's version and `textEnabled`, and the token (an
   * administrator's). A wrong token throws TraccarTokenError; an unreachable server throws
   * ProviderUnavailableError (the caller keeps trying).
   */
  async connect(): Promise<{ version: string; textEnabled: boolean; user: string }> {
    const info = await this.http.json('/server', TcServerSchema, { anonymous: true });
    const answer = await this.http.call('/session', {
      query: { token: this.token },
      accept: [401, 404],
      anonymous: true,
    });
    if (answer.status !== 200)
      throw new TraccarTokenError(
        `TRACCAR_TOKEN was refused by Traccar at ${this.http.baseUrl}: create a token for an administrator (Settings > Preferences > Token) and set TRACCAR_TOKEN`,
      );
    // The check opened a session: close it.
    const cookie = /JSESSIONID=[^;]+/.exec(answer.headers.get('set-cookie') ?? '')?.[0];
    if (cookie)
      await this.http
        .call('/session', { method: 'DELETE', cookie, accept: [401, 404] })
        .catch(() => undefined);
    const user = TcUserSchema.safeParse(TraccarHttp.parse(answer));
    if (!user.success)
      throw new ProviderUnavailableError('Traccar answered /api/session in an unknown format');
    if (user.data.administrator !== true)
      throw new TraccarTokenError(
        `TRACCAR_TOKEN belongs to ${user.data.email}, who is not a Traccar administrator: the toolkit needs an administrator's token`,
      );
    this.server = { version: info.version ?? 'unknown', textEnabled: info.textEnabled === true };
    return { ...this.server, user: user.data.email };
  }

  async signIn(username: string, password: string): Promise<ProviderAccount | null> {
    const answer = await this.http.call('/session', {
      method: 'POST',
      form: { email: username, password },
      accept: [401, 403],
      anonymous: true,
    });
    if (answer.status !== 200) return null;
    const user = TcUserSchema.safeParse(TraccarHttp.parse(answer));
    const cookie = /JSESSIONID=[^;]+/.exec(answer.headers.get('set-cookie') ?? '')?.[0];
    if (!user.success || !cookie)
      throw new ProviderUnavailableError('Traccar answered the sign-in in an unknown format');
    try {
      // The agencies are the top-level groups the installer's own session sees.
      const groups = await this.http.json('/groups', z.unknown(), { cookie });
      const agencies = parseRows(TcGroupSchema, groups, () => undefined).filter(isAgency);
      return {
        externalId: String(user.data.id),
        username: user.data.email,
        name: user.data.name?.trim() || user.data.email,
        email: user.data.email,
        clientExternalIds: agencies.map((g) => String(g.id)),
      };
    } finally {
      await this.http
        .call('/session', { method: 'DELETE', cookie, accept: [401, 404] })
        .catch(() => undefined);
    }
  }

  /** The account a login names, by its e-mail or its `login` (traccar-accounts.ts). */
  accountIdOf(login: string): Promise<string | null> {
    return this.accounts.idOf(login);
  }

  async listClients(ids: readonly string[]) {
    const wanted = new Set(ids);
    return (await this.world.groups()).filter((g) => isAgency(g) && wanted.has(String(g.id))).map(toClient);
  }

  async listVehicles(agencyId: string) {
    const view = await this.world.agency(agencyId);
    const lastSeen = new Map<number, string>();
    for (const d of view.devices) {
      const at = d.lastUpdate ? new Date(d.lastUpdate).toISOString() : null;
      const held = lastSeen.get(d.groupId ?? 0);
      if (at && (!held || at > held)) lastSeen.set(d.groupId ?? 0, at);
    }
    return view.vehicles.map((g) => toVehicle(g, lastSeen.get(g.id) ?? null));
  }

  async listDevices(agencyId: string): Promise<ProviderDevice[]> {
    const view = await this.world.agency(agencyId);
    return view.devices.map((d) => toDevice(d, view.agency.id, view.positions.get(d.id)));
  }

  async getDevice(deviceExternalId: string): Promise<ProviderDevice | null> {
    const id = Number(deviceExternalId);
    if (!Number.isInteger(id) || id <= 0) return null;
    const answer = await this.http.call(`/devices/${String(id)}`, { accept: [404] });
    const device = answer.status === 200 ? TcDeviceSchema.safeParse(TraccarHttp.parse(answer)) : null;
    if (!device?.success) return null;
    const groups = await this.world.groups();
    const group = groups.find((g) => g.id === device.data.groupId);
    const agencyId = group ? (group.groupId === 0 ? group.id : group.groupId) : 0;
    const positions = await this.world.positionsOf([device.data]);
    return toDevice(device.data, agencyId, positions.get(device.data.id));
  }

  async listDeviceSystems(agencyId: string) {
    return toDeviceSystems(await this.listDevices(agencyId));
  }

  /** Traccar has no software catalogue. */
  listSoftwareVersions(): Promise<[]> {
    return Promise.resolve([]);
  }

  async updateVehicle(vehicleExternalId: string, patch: ProviderVehiclePatch): Promise<void> {
    const path = `/groups/${vehicleExternalId}`;
    const group = await this.http.json(path, TcGroupSchema, {
      refusal: 'Vehicle not found on the fleet platform',
    });
    const attributes = withVehicleAttributes(group.attributes, patch);
    await this.http.call(path, { method: 'PUT', json: { ...group, attributes } });
    this.world.invalidate();
  }

  /** A group inside the agency's group (traccar-vehicles.ts). */
  createVehicle(input: ProviderCreateVehicleInput): Promise<ProviderVehicle> {
    return createVehicleGroup(this.http, input).finally(() => this.world.invalidate());
  }

  /** Reads the device, changes only `groupId`, writes the whole device back. */
  private async moveDevice(deviceExternalId: string, groupId: (d: TcDevice) => Promise<number>) {
    const path = `/devices/${deviceExternalId}`;
    const device = await this.http.json(path, TcDeviceSchema, {
      refusal: 'Device not found on the fleet platform',
    });
    const target = await groupId(device);
    if (device.groupId === target) return;
    await this.http.call(path, { method: 'PUT', json: { ...device, groupId: target } });
    this.world.invalidate();
  }

  assignDevice(deviceExternalId: string, vehicleExternalId: string): Promise<void> {
    return this.moveDevice(deviceExternalId, () => Promise.resolve(Number(vehicleExternalId)));
  }

  unassignDevice(deviceExternalId: string): Promise<void> {
    return this.moveDevice(deviceExternalId, async (device) => {
      const current = device.groupId ?? 0;
      if (current === 0) return 0;
      const group = await this.http.json(`/groups/${String(current)}`, TcGroupSchema);
      // On a vehicle: back to the vehicle's agency. Already in an agency's group: stays.
      return group.groupId === 0 ? group.id : group.groupId;
    });
  }

  async createDevice(input: ProviderCreateDeviceInput, idempotencyKey?: string): Promise<ProviderDevice> {
    const uniqueId = (input.imei ?? input.serialNumber ?? input.serialNumberESN ?? '').trim();
    if (!uniqueId) throw new ProviderRejectedError(TRACCAR_MESSAGES.noDeviceId);
    const agencyId = Number(input.clientExternalId);
    // `uniqueId` is unique across the whole server, and `?uniqueId=` finds only linked devices.
    const all = parseRows(
      TcDeviceSchema,
      await this.http.json('/devices', z.unknown(), { query: { all: true } }),
      () => undefined,
    );
    const existing = all.find((d) => d.uniqueId === uniqueId);
    if (existing) {
      // A repeated push (same key) of a device this agency already got is the same device.
      if (idempotencyKey && existing.groupId === agencyId && existing.name === input.name)
        return toDevice(existing, agencyId, undefined);
      throw new ProviderRejectedError(DEVICE_MESSAGES.alreadyAdded, 409);
    }
    const created = await this.http.json('/devices', TcDeviceSchema, {
      method: 'POST',
      json: {
        name: input.name,
        uniqueId,
        groupId: agencyId,
        phone: input.phoneNumber,
        model: input.deviceSystem,
        attributes: { deviceType: input.type },
      },
      refusal: DEVICE_MESSAGES.createFailed,
    });
    this.world.invalidate();
    return toDevice(created, agencyId, undefined);
  }

  async sendSms(deviceExternalId: string, command: SmsCommand): Promise<ProviderSmsReply> {
    if (this.server && !this.server.textEnabled)
      throw new ProviderRejectedError(TRACCAR_MESSAGES.smsNotSetUp);
    const device = await this.http.json(`/devices/${deviceExternalId}`, TcDeviceSchema, {
      refusal: 'Device not found on the fleet platform',
    });
    const answer = await this.http.call('/commands/send', {
      method: 'POST',
      json: { deviceId: device.id, type: 'custom', textChannel: true, attributes: { data: command } },
      refusal: TRACCAR_MESSAGES.smsRefused,
    });
    return {
      command,
      phone: device.phone ?? '',
      delivered: true,
      queued: answer.status === 202,
      reply: null,
      repliesCaptured: false,
      sentAt: new Date().toISOString(),
      repliedAt: null,
    };
  }

  tabletOperation(): Promise<never> {
    return Promise.reject(new ProviderRejectedError(TRACCAR_MESSAGES.notAvailable));
  }

  upload(): Promise<never> {
    return Promise.reject(new ProviderRejectedError(TRACCAR_MESSAGES.notAvailable));
  }
}
