import { z } from 'zod';
import { DEVICE_MESSAGES, type SmsCommand } from '@toolkit/contracts/devices.ts';
import {
  ProviderRejectedError,
  type FleetChangeListener,
  type FleetProvider,
  type ProviderActor,
  type ProviderCreateDeviceInput,
  type ProviderCreateVehicleInput,
  type ProviderDevice,
  type ProviderSignInOptions,
  type ProviderSmsReply,
  type ProviderVehicle,
  type ProviderVehiclePatch,
} from '../fleet-provider.ts';
import { TraccarHttp } from './traccar-http.ts';
import { TraccarLive } from './traccar-live.ts';
import {
  SMS_REFUSALS,
  TRACCAR_MESSAGES,
  TRACCAR_PLATFORM,
  type TraccarProviderOptions,
} from './traccar-platform.ts';
import {
  toAgencyDevices,
  toAgencyVehicles,
  toClient,
  toDevice,
  toDeviceSystems,
  toPlacedDevice,
  withVehicleAttributes,
} from './traccar-mapping.ts';
import { TcDeviceSchema, TcGroupSchema, parseRows, type TcDevice } from './traccar-schemas.ts';
import { createVehicleGroup } from './traccar-vehicles.ts';
import { TraccarAccounts } from './traccar-accounts.ts';
import { TraccarUsers } from './traccar-users.ts';
import { checkTraccar, type TraccarConnection } from './traccar-connect.ts';
import { TraccarWorld } from './traccar-world.ts';

export { TRACCAR_MESSAGES } from './traccar-platform.ts';
export { TraccarTokenError } from './traccar-connect.ts';

/**
 * The fleet system as a Traccar server (decision 033): agencies are top-level groups, vehicles
 * groups inside them, devices Traccar devices. Every write reads the object, changes only what it
 * must and writes the whole object back (Traccar's PUT replaces it).
 */
export class TraccarFleetProvider implements FleetProvider {
  /** Writes and commands go with each user's own token (issue 32), never the mirror's. */
  readonly actsAsUser = true;
  readonly http: TraccarHttp;
  readonly world: TraccarWorld;
  readonly live: TraccarLive;
  private readonly accounts: TraccarAccounts;
  private readonly users: TraccarUsers;
  readonly platform = TRACCAR_PLATFORM;
  /** Filled by connect(): what `GET /api/server` said. */
  server: { version: string; textEnabled: boolean } | null = null;

  constructor(options: TraccarProviderOptions) {
    this.http = new TraccarHttp(options);
    this.world = new TraccarWorld(this.http, options.listTtlMs ?? 1000, options.agencyParent ?? 0);
    this.accounts = new TraccarAccounts(this.http);
    this.users = new TraccarUsers(this.http, (g) => this.world.isAgency(g));
    this.live = new TraccarLive(this.http, this.world, {
      pollMs: options.pollMs,
      version: () => this.server?.version ?? null,
    });
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
   * The start-up check (traccar-connect.ts): the version, `textEnabled` and the mirror's token. A
   * refused token throws TraccarTokenError; an unreachable server ProviderUnavailableError.
   */
  async connect(): Promise<TraccarConnection> {
    const connection = await checkTraccar(this.http);
    this.server = { version: connection.version, textEnabled: connection.textEnabled };
    return connection;
  }

  /** As the user (traccar-users.ts): their agencies, restrictions and a token for their writes. */
  signIn(username: string, password: string, options?: ProviderSignInOptions) {
    return this.users.signIn(username, password, options);
  }

  accessOf(actor: ProviderActor) {
    return this.users.accessOf(actor);
  }

  endCredential(actor: ProviderActor) {
    return this.users.endCredential(actor);
  }

  /** The account a login names, by its e-mail or its `login` (traccar-accounts.ts). */
  accountIdOf(login: string): Promise<string | null> {
    return this.accounts.idOf(login);
  }

  async listClients(ids: readonly string[]) {
    const wanted = new Set(ids);
    return (await this.world.groups())
      .filter((g) => this.world.isAgency(g) && wanted.has(String(g.id)))
      .map(toClient);
  }

  async listVehicles(agencyId: string) {
    return toAgencyVehicles(await this.world.agency(agencyId));
  }

  async listDevices(agencyId: string): Promise<ProviderDevice[]> {
    return toAgencyDevices(await this.world.agency(agencyId));
  }

  async getDevice(deviceExternalId: string): Promise<ProviderDevice | null> {
    const id = Number(deviceExternalId);
    if (!Number.isInteger(id) || id <= 0) return null;
    const answer = await this.http.call(`/devices/${String(id)}`, { accept: [404] });
    const device = answer.status === 200 ? TcDeviceSchema.safeParse(TraccarHttp.parse(answer)) : null;
    if (!device?.success) return null;
    const place = (await this.world.placeOf(device.data.groupId ?? 0)) ?? { agencyId: 0, vehicleId: null };
    const positions = await this.world.positionsOf([device.data]);
    return toPlacedDevice(device.data, place, positions.get(device.data.id));
  }

  async listDeviceSystems(agencyId: string) {
    return toDeviceSystems(await this.listDevices(agencyId));
  }

  /** Traccar has no software catalogue. */
  listSoftwareVersions(): Promise<[]> {
    return Promise.resolve([]);
  }

  /* Every write below goes as the user who made it (`users.asUser`: their token, their rights). */

  updateVehicle(
    vehicleExternalId: string,
    patch: ProviderVehiclePatch,
    _key?: string,
    actor?: ProviderActor,
  ): Promise<void> {
    return this.users.asUser(actor, 'group', async (bearer) => {
      const path = `/groups/${vehicleExternalId}`;
      const group = await this.http.json(path, TcGroupSchema, {
        bearer,
        refusal: 'Vehicle not found on the fleet platform',
      });
      const attributes = withVehicleAttributes(group.attributes, patch);
      await this.http.call(path, { method: 'PUT', json: { ...group, attributes }, bearer });
      this.world.invalidate();
    });
  }

  /** A group inside the agency's group (traccar-vehicles.ts). */
  createVehicle(input: ProviderCreateVehicleInput, actor?: ProviderActor): Promise<ProviderVehicle> {
    return this.users
      .asUser(actor, 'group', (bearer) =>
        createVehicleGroup(this.http, input, bearer, this.world.agencyParent),
      )
      .finally(() => this.world.invalidate());
  }

  /**
   * Reads the device, changes only `groupId`, writes the whole device back; nothing is written
   * when it is already there (the GET before the PUT: a repeated push has no second effect).
   */
  private moveDevice(
    deviceExternalId: string,
    actor: ProviderActor | undefined,
    groupId: (d: TcDevice, bearer: string) => Promise<number>,
  ) {
    return this.users.asUser(actor, 'device', async (bearer) => {
      const path = `/devices/${deviceExternalId}`;
      const device = await this.http.json(path, TcDeviceSchema, {
        bearer,
        refusal: 'Device not found on the fleet platform',
      });
      const target = await groupId(device, bearer);
      if (device.groupId === target) return;
      await this.http.call(path, { method: 'PUT', json: { ...device, groupId: target }, bearer });
      this.world.invalidate();
    });
  }

  assignDevice(
    deviceExternalId: string,
    vehicleExternalId: string,
    _key?: string,
    actor?: ProviderActor,
  ): Promise<void> {
    return this.moveDevice(deviceExternalId, actor, () => Promise.resolve(Number(vehicleExternalId)));
  }

  unassignDevice(deviceExternalId: string, _key?: string, actor?: ProviderActor): Promise<void> {
    // On a bus (at any depth): back to its agency's group; already unassigned: stays (traccar-layout.ts).
    return this.moveDevice(deviceExternalId, actor, (device) =>
      this.world.unassignedGroupOf(device.groupId ?? 0),
    );
  }

  async createDevice(
    input: ProviderCreateDeviceInput,
    idempotencyKey?: string,
    actor?: ProviderActor,
  ): Promise<ProviderDevice> {
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
    const created = await this.users.asUser(actor, 'device', (bearer) =>
      this.http.json('/devices', TcDeviceSchema, {
        method: 'POST',
        bearer,
        json: {
          name: input.name,
          uniqueId,
          groupId: agencyId,
          phone: input.phoneNumber,
          model: input.deviceSystem,
          attributes: { deviceType: input.type },
        },
        refusal: DEVICE_MESSAGES.createFailed,
      }),
    );
    this.world.invalidate();
    return toDevice(created, agencyId, undefined);
  }

  async sendSms(
    deviceExternalId: string,
    command: SmsCommand,
    actor?: ProviderActor,
  ): Promise<ProviderSmsReply> {
    if (this.server && !this.server.textEnabled)
      throw new ProviderRejectedError(TRACCAR_MESSAGES.smsNotSetUp);
    const { device, answer } = await this.users.asUser(actor, 'command', async (bearer) => {
      const device = await this.http.json(`/devices/${deviceExternalId}`, TcDeviceSchema, {
        bearer,
        refusal: 'Device not found on the fleet platform',
      });
      const answer = await this.http.call('/commands/send', {
        method: 'POST',
        bearer,
        json: { deviceId: device.id, type: 'custom', textChannel: true, attributes: { data: command } },
        refusal: TRACCAR_MESSAGES.smsRefused,
        refusals: SMS_REFUSALS,
      });
      return { device, answer };
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
