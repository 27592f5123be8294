import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { DEVICE_TYPES } from '@toolkit/contracts/devices.ts';
import { INT4_MAX, MULTI_LINE_FORBIDDEN } from '@toolkit/contracts/primitives.ts';
import { inRequestTransactionNow } from '../../lib/request-transaction.ts';
import {
  ProviderRejectedError,
  type FleetProvider,
  type ProviderClient,
  type ProviderDevice,
  type ProviderDeviceSystem,
  type ProviderVehicle,
} from './fleet-provider.ts';

/** What the guard did to the data the fleet system sent, reported by `/api/health`. */
export interface RemoteDataStats {
  /** Rows refused (logged and left out of the mirror) since the start. */
  rowsSkipped: number;
  /** Text values that held control characters (NUL...) and were cleaned. */
  valuesSanitized: number;
}

const FORBIDDEN_ALL = new RegExp(MULTI_LINE_FORBIDDEN.source, 'g');
const int = z.number().int().min(-INT4_MAX).max(INT4_MAX);
const text = z.string().max(10_000);
const isoDate = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'not a date');

const ClientRow = z.object({ externalId: text.min(1), name: text, fullName: text, region: text });
const VehicleRow = z.object({
  externalId: text.min(1),
  vehicleId: text.min(1),
  seatedCapacity: int.nullable(),
  doors: int.nullable(),
  year: int.nullable(),
  odometer: int.nullable(),
  lastSeen: isoDate.nullable(),
});
const DeviceRow = z.object({
  externalId: text.min(1),
  deviceId: text.min(1),
  type: z.enum(DEVICE_TYPES),
  status: z.enum(['online', 'offline', 'warning', 'error']),
  lastHeartbeat: isoDate.nullable(),
  signalStrength: int.nullable(),
});
const SystemRow = z.object({ externalId: text.min(1), name: text });

/**
 * Everything the fleet system sends passes here before it reaches the mirror: control
 * characters are removed from every text (PostgreSQL refuses NUL), and a row that still does not
 * fit the database (an integer out of range, a date that is not one) is logged and left out, so
 * one bad row never stops the pull of its agency (issue 11, decision 015).
 */
export class GuardedFleetProvider implements FleetProvider {
  private readonly counts: RemoteDataStats = { rowsSkipped: 0, valuesSanitized: 0 };

  constructor(
    private readonly inner: FleetProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  get platform(): FleetProvider['platform'] {
    return this.inner.platform;
  }

  stats(): RemoteDataStats {
    return { ...this.counts };
  }

  /**
   * The value with control characters removed from every text. Copy on write: an array or object
   * in which nothing needed cleaning is returned as is (nearly always), so a pull of 15,000 devices
   * does not allocate a second copy of every row and two arrays per field.
   */
  private clean<T>(value: T): T {
    if (typeof value === 'string') {
      if (!MULTI_LINE_FORBIDDEN.test(value)) return value;
      this.counts.valuesSanitized += 1;
      return value.replace(FORBIDDEN_ALL, '') as T;
    }
    if (Array.isArray(value)) {
      const source: unknown[] = value;
      let out: unknown[] | null = null;
      for (let i = 0; i < source.length; i += 1) {
        const v = source[i];
        const c = this.clean(v);
        if (c !== v) (out ??= [...source])[i] = c;
      }
      return (out ?? value) as T;
    }
    if (value && typeof value === 'object') {
      const source = value as Record<string, unknown>;
      let out: Record<string, unknown> | null = null;
      for (const key of Object.keys(source)) {
        const v = source[key];
        const c = this.clean(v);
        if (c !== v) (out ??= { ...source })[key] = c;
      }
      return (out ?? value) as T;
    }
    return value;
  }

  private rows<T extends { externalId: string }>(kind: string, rows: T[], schema: z.ZodType): T[] {
    return this.clean(rows).filter((row) => {
      const checked = schema.safeParse(row);
      if (checked.success) return true;
      this.counts.rowsSkipped += 1;
      this.log.warn(
        { kind, externalId: String(row.externalId).slice(0, 100), issues: checked.error.issues.slice(0, 3) },
        'fleet system row refused: left out of the mirror',
      );
      return false;
    });
  }

  /**
   * No call to the platform while a request transaction holds the database (decision 035): a
   * platform seconds away would stall every other request on PGlite's one connection. A route
   * that calls out is `callsOutFirst` or answers through `answerAfterPlatform`; one that does not
   * is a bug, logged (and failed under the test runner, so it cannot land).
   */
  private call<T>(name: string, work: () => Promise<T>): Promise<T> {
    if (inRequestTransactionNow()) {
      this.log.error({ call: name }, 'fleet platform called inside a request transaction');
      if (process.env.VITEST)
        return Promise.reject(new Error(`fleet platform ${name} called inside a request transaction`));
    }
    return work();
  }

  get actsAsUser(): boolean {
    return this.inner.actsAsUser === true;
  }
  signIn: FleetProvider['signIn'] = (...args) =>
    this.call('signIn', () => this.inner.signIn(...args)).then((a) => (a ? this.clean(a) : null));
  /** Present when the platform checks access by the user's own credential (Traccar). */
  get accessOf(): FleetProvider['accessOf'] {
    const inner = this.inner;
    if (!inner.accessOf) return undefined;
    return (actor) =>
      this.call('accessOf', () => inner.accessOf?.(actor) ?? Promise.resolve({ clientExternalIds: [] })).then(
        (access) => this.clean(access),
      );
  }
  get endCredential(): FleetProvider['endCredential'] {
    const inner = this.inner;
    if (!inner.endCredential) return undefined;
    return (actor) => this.call('endCredential', () => inner.endCredential?.(actor) ?? Promise.resolve());
  }
  accountIdOf(login: string): Promise<string | null> {
    return this.call('accountIdOf', () => this.inner.accountIdOf(login));
  }
  async listClients(ids: readonly string[]): Promise<ProviderClient[]> {
    return this.rows('client', await this.call('listClients', () => this.inner.listClients(ids)), ClientRow);
  }
  async listVehicles(clientExternalId: string): Promise<ProviderVehicle[]> {
    return this.rows(
      'vehicle',
      await this.call('listVehicles', () => this.inner.listVehicles(clientExternalId)),
      VehicleRow,
    );
  }
  async listDevices(clientExternalId: string): Promise<ProviderDevice[]> {
    return this.rows(
      'device',
      await this.call('listDevices', () => this.inner.listDevices(clientExternalId)),
      DeviceRow,
    );
  }
  async getDevice(deviceExternalId: string): Promise<ProviderDevice | null> {
    const device = await this.call('getDevice', () => this.inner.getDevice(deviceExternalId));
    return device ? (this.rows('device', [device], DeviceRow)[0] ?? null) : null;
  }
  async listDeviceSystems(clientExternalId: string): Promise<ProviderDeviceSystem[]> {
    return this.rows(
      'device system',
      await this.call('listDeviceSystems', () => this.inner.listDeviceSystems(clientExternalId)),
      SystemRow,
    );
  }
  async listSoftwareVersions(type: 'production' | 'addon') {
    return this.clean(await this.call('listSoftwareVersions', () => this.inner.listSoftwareVersions(type)));
  }
  updateVehicle: FleetProvider['updateVehicle'] = (...args) =>
    this.call('updateVehicle', () => this.inner.updateVehicle(...args));
  assignDevice: FleetProvider['assignDevice'] = (...args) =>
    this.call('assignDevice', () => this.inner.assignDevice(...args));
  unassignDevice: FleetProvider['unassignDevice'] = (...args) =>
    this.call('unassignDevice', () => this.inner.unassignDevice(...args));
  createDevice: FleetProvider['createDevice'] = async (...args) =>
    this.clean(await this.call('createDevice', () => this.inner.createDevice(...args)));
  /** Present when the platform keeps vehicles (Traccar); its answer is checked like a pulled row. */
  get createVehicle(): FleetProvider['createVehicle'] {
    const inner = this.inner;
    if (!inner.createVehicle) return undefined;
    return async (input, actor) => {
      const created = await this.call(
        'createVehicle',
        () => inner.createVehicle?.(input, actor) ?? Promise.reject(new Error('gone')),
      );
      const [row] = this.rows('vehicle', [created], VehicleRow);
      if (!row)
        throw new ProviderRejectedError('The fleet platform answered with a vehicle that does not fit');
      return row;
    };
  }
  sendSms: FleetProvider['sendSms'] = async (...args) =>
    this.clean(await this.call('sendSms', () => this.inner.sendSms(...args)));
  tabletOperation: FleetProvider['tabletOperation'] = async (...args) =>
    this.clean(await this.call('tabletOperation', () => this.inner.tabletOperation(...args)));
  upload: FleetProvider['upload'] = (...args) => this.call('upload', () => this.inner.upload(...args));
  /** What a live stream tells passes the same cleaning as a pull: control characters removed. */
  watch: NonNullable<FleetProvider['watch']> = (listener) =>
    this.inner.watch?.({
      changed: (ids) => listener.changed(ids),
      ...(listener.devicesUpdated
        ? { devicesUpdated: (updates) => listener.devicesUpdated?.(this.clean(updates)) }
        : {}),
      ...(listener.streaming ? { streaming: (open) => listener.streaming?.(open) } : {}),
    });
  close = async (): Promise<void> => {
    await this.inner.close?.();
  };
}
