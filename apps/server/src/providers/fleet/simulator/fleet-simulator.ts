import { KeyedWrites } from './keyed-writes.ts';
import type { DeviceType, SmsCommand, TabletOperation } from '@toolkit/contracts/devices.ts';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type FleetProvider,
  type ProviderAccount,
  type ProviderClient,
  type ProviderCreateDeviceInput,
  type ProviderDevice,
  type ProviderDeviceStatus,
  type ProviderDeviceSystem,
  type ProviderSmsReply,
  type ProviderSoftwareVersion,
  type ProviderTabletReply,
  type ProviderUpload,
  type ProviderVehicle,
  type ProviderVehiclePatch,
} from '../fleet-provider.ts';
import {
  AGENCY_PLANS,
  CARRIERS,
  FIRMWARE,
  SOFTWARE_VERSIONS,
  SYSTEM_CATALOG,
  createRandom,
  makeVin,
  statusSpread,
  type AgencyPlan,
  type Random,
  type SimDevice,
  type SimVehicle,
} from './fleet-data.ts';
import { lmuStatusReport } from './status-report.ts';

export interface SimulatorFailures {
  /** Added to every call, in milliseconds. */
  latencyMs: number;
  /** Share of calls (0..1) that fail as if the platform had a server error. */
  errorRate: number;
  /** Every call fails as if the platform could not be reached. */
  outage: boolean;
}

export interface FleetSimulatorOptions {
  seed?: number;
  failures?: Partial<SimulatorFailures>;
  /** Extra generated agencies (benchmarks), each of this many buses, all visible to `demo`. */
  extraAgencies?: { count: number; buses: number };
  /** How often heartbeats change while started. */
  tickMs?: number;
  /** false: devices report in but never go on- or offline on their own, only when told (tests). */
  statusChanges?: boolean;
  now?: () => number;
}

export interface SimulatorCall {
  method: string;
  at: string;
  args: string;
  outcome: 'ok' | 'unavailable' | 'rejected';
}

interface SimAccount {
  externalId: string;
  username: string;
  email: string;
  name: string;
  password: string;
  clientExternalIds: string[];
}

const DEMO_PASSWORD = 'demo-password';
const CALL_LOG_LIMIT = 2000;
const DEFAULT_TICK_MS = 5000;

const TYPE_PREFIX: Readonly<Record<DeviceType, string>> = {
  GPS: '',
  Tablet: 'TAB',
  Router: 'RTR',
  APC: 'APC',
  Other: 'HS',
};

/**
 * A believable stand-in for the agency's fleet-tracking platform: agencies, buses, devices whose
 * heartbeats come and go, device systems, software, SMS and tablet command replies, and failure
 * injection. Deterministic for a seed, so tests can rely on its shape.
 */
export class FleetSimulator implements FleetProvider {
  private readonly random: Random;
  private readonly failures: SimulatorFailures;
  private readonly now: () => number;
  private readonly accounts: SimAccount[] = [];
  private readonly clients = new Map<string, ProviderClient>();
  private readonly vehicles = new Map<string, SimVehicle>();
  private readonly devices = new Map<string, SimDevice>();
  private readonly keyed = new KeyedWrites();
  private readonly systems = new Map<string, ProviderDeviceSystem[]>();
  private readonly calls: SimulatorCall[] = [];
  /** Device ids whose calls fail as if the platform could not be reached. */
  private readonly failingDevices = new Set<string>();
  private readonly tickMs: number;
  private readonly statusChanges: boolean;
  private timer: NodeJS.Timeout | null = null;
  private nextId = 1;
  private nextEsn = 4661200000;

  constructor(options: FleetSimulatorOptions = {}) {
    this.random = createRandom(options.seed ?? 20261122);
    this.failures = { latencyMs: 0, errorRate: 0, outage: false, ...options.failures };
    this.now = options.now ?? Date.now;
    this.tickMs = options.tickMs ?? DEFAULT_TICK_MS;
    this.statusChanges = options.statusChanges ?? true;
    const plans: AgencyPlan[] = [...AGENCY_PLANS];
    const extra = options.extraAgencies;
    const [metro] = AGENCY_PLANS;
    if (extra && metro) {
      for (let i = 1; i <= extra.count; i++) {
        plans.push({
          ...metro,
          externalId: `ag-9${String(i).padStart(2, '0')}`,
          name: `BENCH${String(i)}`,
          fullName: `Benchmark Transit ${String(i)}`,
          buses: extra.buses,
          fleetPrefix: `B${String(i)}-`,
          // About three devices a bus: 5,000 buses carry some 15,000 devices.
          kit: { tablet: 0.7, router: 0.7, apc: 0.2, apcRear: 0.1, headsign: 0.2 },
        });
      }
    }
    for (const plan of plans) this.buildAgency(plan);
    const extraIds = plans.filter((p) => p.name.startsWith('BENCH')).map((p) => p.externalId);
    this.accounts.push(
      {
        externalId: 'u-1',
        username: 'demo',
        email: 'demo@installer-toolkit.local',
        name: 'Dana Installer',
        password: DEMO_PASSWORD,
        clientExternalIds: ['ag-100', 'ag-200', ...extraIds],
      },
      {
        externalId: 'u-2',
        username: 'rival',
        email: 'rival@installer-toolkit.local',
        name: 'Riley Contractor',
        password: DEMO_PASSWORD,
        clientExternalIds: ['ag-300'],
      },
      {
        externalId: 'u-3',
        username: 'newcomer',
        email: 'newcomer@installer-toolkit.local',
        name: 'Noah Newhire',
        password: DEMO_PASSWORD,
        clientExternalIds: [],
      },
    );
  }

  // ---------------------------------------------------------------- building the fleet

  private id(prefix: string): string {
    return `${prefix}-${String(this.nextId++)}`;
  }

  private buildAgency(plan: AgencyPlan): void {
    const r = this.random;
    this.clients.set(plan.externalId, {
      externalId: plan.externalId,
      name: plan.name,
      fullName: plan.fullName,
      region: plan.region,
    });
    this.systems.set(
      plan.externalId,
      SYSTEM_CATALOG.map((s) => ({ ...s, externalId: this.id('sys') })),
    );
    const now = this.now();
    for (let i = 0; i < plan.buses; i++) {
      const pickShare = r.next();
      let acc = 0;
      const entry =
        plan.models.find((m) => (acc += m.share) >= pickShare) ?? plan.models[plan.models.length - 1];
      if (!entry) continue;
      const { model } = entry;
      const year = r.int(entry.years[0], entry.years[1]);
      const fleetNumber = `${plan.fleetPrefix}${plan.fleetPrefix ? String(plan.firstFleetNumber + i).padStart(2, '0') : String(plan.firstFleetNumber + i)}`;
      const poweredOff = r.chance(0.14);
      const depot = r.pick(plan.depots);
      const vehicle: SimVehicle = {
        externalId: this.id('veh'),
        clientExternalId: plan.externalId,
        vehicleId: fleetNumber,
        description: `${String(year)} ${model.make} ${model.model} — ${depot}`,
        route: r.chance(0.85) ? r.pick(plan.routes) : null,
        vin: r.chance(0.93) ? makeVin(r, model, year) : null,
        seatedCapacity: r.int(model.seats[0], model.seats[1]),
        doors: model.doors,
        vehicleType: model.vehicleType,
        make: model.make,
        model: model.model,
        year,
        odometer: r.int(2000, 60000) * (2027 - year),
        lastSeen: new Date(now - (poweredOff ? r.int(2, 72) * 3600_000 : r.int(5, 90) * 1000)).toISOString(),
        depot,
      };
      this.vehicles.set(vehicle.externalId, vehicle);
      const fit = (type: DeviceType, system: string, extra: Partial<SimDevice> = {}) => {
        this.addDevice(plan.externalId, type, system, vehicle.externalId, statusSpread(r, poweredOff), extra);
      };
      fit('GPS', r.chance(0.7) ? 'CalAmp LMU-3640' : 'CalAmp LMU-4230');
      if (r.chance(plan.kit.tablet))
        fit('Tablet', r.chance(0.6) ? 'Samsung Galaxy Tab Active MDT' : 'Zebra ET40 MDT');
      if (r.chance(plan.kit.router))
        fit('Router', r.pick(['Cradlepoint IBR900', 'Cradlepoint R1900', 'Sierra Wireless AirLink MG90']));
      if (r.chance(plan.kit.apc)) {
        fit('APC', 'APS1 Front', { name: `APC front ${fleetNumber}` });
        if (r.chance(plan.kit.apcRear / Math.max(plan.kit.apc, 0.01)))
          fit('APC', 'APS2 Rear', { name: `APC rear ${fleetNumber}` });
      }
      if (r.chance(plan.kit.headsign))
        fit('Other', r.chance(0.5) ? 'Luminator Horizon Headsign' : 'Hanover Headsign Controller');
    }
    // Spares on the shelf: a few of every type, never fitted.
    const spares = Math.max(2, Math.round(plan.buses * 0.03));
    const spareSystems: Record<DeviceType, string> = {
      GPS: 'CalAmp LMU-3640',
      Tablet: 'Samsung Galaxy Tab Active MDT',
      Router: 'Cradlepoint IBR900',
      APC: 'APS1 Front',
      Other: 'Luminator Horizon Headsign',
    };
    for (const type of Object.keys(spareSystems) as DeviceType[]) {
      for (let i = 0; i < spares; i++)
        this.addDevice(plan.externalId, type, spareSystems[type], null, r.chance(0.3) ? 'online' : 'offline');
    }
  }

  private addDevice(
    clientExternalId: string,
    type: DeviceType,
    system: string,
    vehicleExternalId: string | null,
    status: ProviderDeviceStatus,
    extra: Partial<SimDevice> = {},
  ): SimDevice {
    const r = this.random;
    const now = this.now();
    const systemRow = this.systems.get(clientExternalId)?.find((s) => s.name === system) ?? null;
    const esn = type === 'GPS' ? String(this.nextEsn++) : null;
    const serial =
      type === 'GPS'
        ? null
        : `${type === 'Router' ? (system.startsWith('Sierra') ? 'LA' : 'WA') : TYPE_PREFIX[type]}${String(r.int(10000000, 99999999))}`;
    const deviceId = esn ?? `${TYPE_PREFIX[type]}-${serial ?? ''}`;
    const vehicle = vehicleExternalId ? this.vehicles.get(vehicleExternalId) : undefined;
    const hasIp = type === 'Router' || type === 'APC' || type === 'Tablet';
    const device: SimDevice = {
      externalId: this.id('dev'),
      clientExternalId,
      deviceId,
      type,
      name: extra.name ?? `${type === 'Other' ? 'Headsign' : type} ${vehicle?.vehicleId ?? 'spare'}`,
      deviceSystemExternalId: systemRow?.externalId ?? null,
      deviceSystem: system,
      vehicleExternalId,
      status,
      lastHeartbeat:
        status === 'offline'
          ? r.chance(0.1)
            ? null
            : new Date(now - r.int(15, 4000) * 60_000).toISOString()
          : new Date(now - r.int(2, 120) * 1000).toISOString(),
      signalStrength:
        type === 'Other'
          ? null
          : status === 'offline'
            ? null
            : r.int(status === 'online' ? 45 : 10, status === 'online' ? 100 : 45),
      serialNumber: serial,
      serialNumberESN: esn,
      phone: type === 'GPS' ? `555${String(r.int(2000000, 9999999))}` : null,
      simCardId:
        type === 'GPS' || type === 'Router'
          ? `8901260${String(r.int(100000000, 999999999))}${String(r.int(1000, 9999))}`
          : null,
      imei:
        type === 'Router' || type === 'Tablet'
          ? `35${String(r.int(1000000, 9999999))}${String(r.int(100000, 999999))}`
          : null,
      ipAddress: hasIp
        ? `10.${String(r.int(16, 31))}.${String(r.int(0, 255))}.${String(r.int(2, 254))}`
        : null,
      firmwareVersion: r.pick(FIRMWARE[type]),
      metadata: {},
      lat: 33.95 + r.next() * 0.1,
      lon: -117.45 + r.next() * 0.1,
      carrier: r.pick(CARRIERS),
      ...extra,
    };
    device.metadata = this.metadataFor(device);
    this.devices.set(device.externalId, device);
    return device;
  }

  private metadataFor(d: SimDevice): ProviderDevice['metadata'] {
    const r = this.random;
    const up = d.status !== 'offline';
    const base = { name: d.name, deviceSystem: d.deviceSystem };
    switch (d.type) {
      case 'GPS':
        return {
          ...base,
          gpsCount: up ? r.int(d.status === 'online' ? 7 : 2, 14) : 0,
          lastFixAt: up ? d.lastHeartbeat : null,
          inputVoltage: up ? Number((12.4 + r.next() * 1.6).toFixed(1)) : null,
          clockDriftMs: up ? r.int(-400, 400) : null,
          carrier: d.carrier,
        };
      case 'Tablet':
        return {
          ...base,
          battery: up ? r.int(d.status === 'warning' ? 8 : 25, 100) : r.int(0, 20),
          temperature: up ? r.int(28, 47) : null,
          clockDriftMs: up ? r.int(-1500, 1500) : null,
          appVersion: d.firmwareVersion,
        };
      case 'Router':
        return {
          ...base,
          carrier: d.carrier,
          network: up ? r.pick(['LTE', '5G', 'LTE']) : null,
          wifiClients: up ? r.int(0, 30) : 0,
          temperature: up ? r.int(35, 62) : null,
        };
      case 'APC':
        return {
          ...base,
          door: d.name.toLowerCase().includes('rear') ? 'rear' : 'front',
          countsToday: up ? r.int(0, 900) : 0,
          sensorHealthy: d.status !== 'error',
        };
      case 'Other':
        return {
          ...base,
          headsign: r.pick(['IN SERVICE', 'NOT IN SERVICE', 'DOWNTOWN', 'TRANSIT CENTER', 'GARAGE']),
          audio: r.pick(['ok', 'ok', 'ok', 'muted']),
        };
    }
  }

  // ---------------------------------------------------------------- failure injection and call log

  /** One call of the platform; a write with an idempotency key is applied once (KeyedWrites). */
  private call<T>(method: string, args: string, key: string | undefined, work: () => T): Promise<T>;
  private call<T>(method: string, args: string, work: () => T): Promise<T>;
  private call<T>(
    method: string,
    args: string,
    keyOrWork: string | undefined | (() => T),
    keyedWork?: () => T,
  ): Promise<T> {
    if (typeof keyOrWork === 'function') return this.attempt(method, args, keyOrWork);
    if (!keyedWork) return Promise.reject(new Error(`${method}: nothing to do`));
    return this.keyed.run(keyOrWork, () => this.attempt(method, args, keyedWork));
  }

  private async attempt<T>(method: string, args: string, work: () => T): Promise<T> {
    const at = new Date(this.now()).toISOString();
    const log = (outcome: SimulatorCall['outcome']) => {
      this.calls.push({ method, at, args, outcome });
      if (this.calls.length > CALL_LOG_LIMIT) this.calls.splice(0, this.calls.length - CALL_LOG_LIMIT);
    };
    if (this.failures.latencyMs > 0)
      await new Promise((resolve) => setTimeout(resolve, this.failures.latencyMs));
    if (this.failures.outage) {
      log('unavailable');
      throw new ProviderUnavailableError('The fleet-tracking platform cannot be reached');
    }
    if (this.failures.errorRate > 0 && Math.random() < this.failures.errorRate) {
      log('unavailable');
      throw new ProviderUnavailableError('The fleet-tracking platform answered 503 Service Unavailable');
    }
    try {
      const result = work();
      log('ok');
      return result;
    } catch (err) {
      log(err instanceof ProviderRejectedError ? 'rejected' : 'unavailable');
      throw err;
    }
  }

  private device(externalId: string): SimDevice {
    const d = this.devices.get(externalId);
    if (!d) throw new ProviderRejectedError('Device not found', 404);
    if (this.failingDevices.has(d.deviceId))
      throw new ProviderUnavailableError('The fleet-tracking platform cannot be reached');
    return d;
  }

  private static view(d: SimDevice): ProviderDevice {
    const { lat: _lat, lon: _lon, carrier: _carrier, ...device } = d;
    return { ...device, metadata: { ...device.metadata } };
  }

  // ---------------------------------------------------------------- FleetProvider

  signIn(username: string, password: string): Promise<ProviderAccount | null> {
    return this.call('signIn', username, () => {
      const who = username.trim().toLowerCase();
      const account = this.accounts.find((a) => a.username === who || a.email === who);
      if (!account || account.password !== password) return null;
      return {
        externalId: account.externalId,
        username: account.username,
        name: account.name,
        email: account.email,
        clientExternalIds: [...account.clientExternalIds],
      };
    });
  }

  listClients(clientExternalIds: readonly string[]): Promise<ProviderClient[]> {
    return this.call('listClients', clientExternalIds.join(','), () =>
      clientExternalIds.flatMap((id) => {
        const c = this.clients.get(id);
        return c ? [{ ...c }] : [];
      }),
    );
  }

  listVehicles(clientExternalId: string): Promise<ProviderVehicle[]> {
    return this.call('listVehicles', clientExternalId, () =>
      [...this.vehicles.values()]
        .filter((v) => v.clientExternalId === clientExternalId)
        .map(({ depot: _depot, ...v }) => ({ ...v })),
    );
  }

  listDevices(clientExternalId: string): Promise<ProviderDevice[]> {
    return this.call('listDevices', clientExternalId, () =>
      [...this.devices.values()]
        .filter((d) => d.clientExternalId === clientExternalId)
        .map((d) => FleetSimulator.view(d)),
    );
  }

  getDevice(deviceExternalId: string): Promise<ProviderDevice | null> {
    return this.call('getDevice', deviceExternalId, () => {
      const d = this.devices.get(deviceExternalId);
      return d ? FleetSimulator.view(d) : null;
    });
  }

  listDeviceSystems(clientExternalId: string): Promise<ProviderDeviceSystem[]> {
    return this.call('listDeviceSystems', clientExternalId, () =>
      (this.systems.get(clientExternalId) ?? []).map((s) => ({ ...s })),
    );
  }

  listSoftwareVersions(type: 'production' | 'addon'): Promise<ProviderSoftwareVersion[]> {
    return this.call('listSoftwareVersions', type, () =>
      SOFTWARE_VERSIONS.filter((v) => v.type === type).map((v) => ({ ...v })),
    );
  }

  updateVehicle(vehicleExternalId: string, patch: ProviderVehiclePatch, key?: string): Promise<void> {
    return this.call('updateVehicle', vehicleExternalId, key, () => {
      const v = this.vehicles.get(vehicleExternalId);
      if (!v) throw new ProviderRejectedError('Vehicle not found', 404);
      Object.assign(v, patch);
    });
  }

  assignDevice(deviceExternalId: string, vehicleExternalId: string, key?: string): Promise<void> {
    return this.call('assignDevice', `${deviceExternalId}->${vehicleExternalId}`, key, () => {
      const d = this.device(deviceExternalId);
      const v = this.vehicles.get(vehicleExternalId);
      if (!v) throw new ProviderRejectedError('Vehicle not found', 404);
      if (v.clientExternalId !== d.clientExternalId)
        throw new ProviderRejectedError('Device and vehicle belong to different agencies', 409);
      d.vehicleExternalId = v.externalId;
    });
  }

  unassignDevice(deviceExternalId: string, key?: string): Promise<void> {
    return this.call('unassignDevice', deviceExternalId, key, () => {
      this.device(deviceExternalId).vehicleExternalId = null;
    });
  }

  createDevice(input: ProviderCreateDeviceInput, key?: string): Promise<ProviderDevice> {
    return this.call('createDevice', `${input.type} ${input.name}`, key, () => {
      if (!this.clients.has(input.clientExternalId)) throw new ProviderRejectedError('Agency not found', 404);
      const wanted =
        input.type === 'GPS'
          ? input.serialNumberESN
          : input.serialNumber
            ? `${TYPE_PREFIX[input.type]}-${input.serialNumber}`
            : null;
      if (wanted && [...this.devices.values()].some((d) => d.deviceId === wanted)) {
        throw new ProviderRejectedError(`A device with id ${wanted} already exists`, 409);
      }
      const d = this.addDevice(input.clientExternalId, input.type, input.deviceSystem, null, 'offline', {
        name: input.name,
        lastHeartbeat: null,
        signalStrength: null,
        serialNumber: input.serialNumber,
        serialNumberESN: input.serialNumberESN,
        phone: input.phoneNumber,
        simCardId: input.simCardId,
        imei: input.imei,
      });
      if (wanted) d.deviceId = wanted;
      if (input.type === 'APC')
        Object.assign(d.metadata, {
          heightToFloor: input.heightToFloor,
          heightToStreet: input.heightToStreet,
          hasStairs: input.hasStairs,
        });
      return FleetSimulator.view(d);
    });
  }

  sendSms(deviceExternalId: string, command: SmsCommand): Promise<ProviderSmsReply> {
    return this.call('sendSms', `${deviceExternalId} ${command}`, () => {
      const d = this.device(deviceExternalId);
      if (d.type !== 'GPS' || !d.phone) throw new ProviderRejectedError('SMS Not Available', 400);
      const sentAt = new Date(this.now());
      const answering = d.status !== 'offline';
      const reply = !answering
        ? null
        : command === '!R0'
          ? lmuStatusReport(d, this.random)
          : `!R3 ACK ${d.serialNumberESN ?? d.deviceId}: reboot in 20 s`;
      if (answering && command === '!R3,20,0') {
        d.lastHeartbeat = new Date(sentAt.getTime() + 20_000).toISOString();
      }
      return {
        command,
        phone: d.phone,
        delivered: true,
        reply,
        sentAt: sentAt.toISOString(),
        repliedAt: reply ? new Date(sentAt.getTime() + 1800 + this.random.int(0, 2500)).toISOString() : null,
      };
    });
  }

  tabletOperation(
    deviceExternalId: string,
    operation: TabletOperation,
    softwareVersion?: string,
  ): Promise<ProviderTabletReply> {
    return this.call('tabletOperation', `${deviceExternalId} ${operation}`, () => {
      const d = this.device(deviceExternalId);
      if (d.type !== 'Tablet') throw new ProviderRejectedError('Tablet operations are only for tablets', 400);
      const command = operation.toUpperCase().replace(/-/g, '_');
      if (d.status === 'offline') {
        return {
          success: false,
          command,
          message: 'Tablet is offline: the command was queued and will run when it reconnects',
          response: 'QUEUED',
        };
      }
      const wantType =
        operation === 'software-update' ? 'production' : operation === 'addon-install' ? 'addon' : null;
      if (wantType) {
        const version = SOFTWARE_VERSIONS.find((v) => v.type === wantType && v.version === softwareVersion);
        if (!version)
          throw new ProviderRejectedError(
            `Unknown ${wantType === 'production' ? 'production' : 'additional'} software version ${softwareVersion ?? ''}`.trim(),
            400,
          );
        if (wantType === 'production') d.firmwareVersion = `DriverMDT ${version.version}`;
        return {
          success: true,
          command,
          message: `${version.filename} sent to the tablet`,
          response: `DOWNLOADING ${version.filename}; install starts when the vehicle is parked`,
        };
      }
      const r = this.random;
      const responses: Record<string, [string, string]> = {
        'query-mdt': [
          'Tablet answered',
          `Model: ${d.deviceSystem ?? 'MDT'}; App: ${d.firmwareVersion ?? 'unknown'}; Battery: ${String(d.metadata.battery ?? '?')}%; Config: 2026.11.${String(r.int(1, 21)).padStart(2, '0')}; Free storage: ${(8 + r.next() * 20).toFixed(1)} GB`,
        ],
        'publish-conf': ['Configuration published', `CONFIG ACK version 2026.11.22-${String(r.int(1, 9))}`],
        'upload-rider-profiles': ['Rider profiles uploaded', `${String(r.int(800, 2400))} profiles accepted`],
        'reload-configuration': ['Configuration reloaded', 'RELOAD CONFIG OK'],
        'reload-card-database': ['Card database reloaded', `CARD DB OK ${String(r.int(20000, 90000))} cards`],
      };
      const [message, response] = responses[operation] ?? ['Done', 'OK'];
      return { success: true, command, message, response };
    });
  }

  upload(item: ProviderUpload): Promise<{ externalId: string }> {
    return this.call('upload', `${item.kind} ${item.vehicleExternalId}`, () => {
      if (!this.vehicles.has(item.vehicleExternalId))
        throw new ProviderRejectedError('Vehicle not found', 404);
      return { externalId: this.id('upl') };
    });
  }

  // ---------------------------------------------------------------- life and control

  /** Heartbeats come and go: a few devices change state on every tick; the others report in. */
  tick(): void {
    const now = this.now();
    const all = [...this.devices.values()];
    const flips = this.statusChanges ? Math.max(1, Math.round(all.length * 0.01)) : 0;
    for (let i = 0; i < flips; i++) {
      const d = this.random.pick(all);
      if (d.type === 'Other' && this.random.chance(0.5)) continue;
      const next: ProviderDeviceStatus =
        d.status === 'online'
          ? this.random.pick(['offline', 'warning', 'online'] as const)
          : this.random.chance(0.7)
            ? 'online'
            : d.status;
      this.setStatus(d, next);
    }
    for (const d of all) {
      if (d.status !== 'offline')
        d.lastHeartbeat = new Date(now - this.random.int(0, 20) * 1000).toISOString();
    }
    const reporting = new Set(
      all.filter((d) => d.status === 'online' && d.vehicleExternalId).map((d) => d.vehicleExternalId),
    );
    for (const v of this.vehicles.values()) {
      if (reporting.has(v.externalId)) v.lastSeen = new Date(now).toISOString();
    }
  }

  private setStatus(d: SimDevice, status: ProviderDeviceStatus): void {
    d.status = status;
    if (status !== 'offline') {
      d.lastHeartbeat = new Date(this.now()).toISOString();
      d.signalStrength =
        d.type === 'Other'
          ? null
          : this.random.int(status === 'online' ? 45 : 10, status === 'online' ? 100 : 45);
    } else {
      d.signalStrength = null;
    }
    d.metadata = this.metadataFor(d);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  setFailures(patch: Partial<SimulatorFailures>): void {
    if (patch.latencyMs !== undefined) this.failures.latencyMs = patch.latencyMs;
    if (patch.errorRate !== undefined) this.failures.errorRate = patch.errorRate;
    if (patch.outage !== undefined) this.failures.outage = patch.outage;
  }

  /**
   * Every call about this one device (assign, unassign, SMS, tablet operation) fails as if the
   * platform could not be reached, or works again: failure injection that leaves the rest alone.
   */
  setDeviceFailure(deviceId: string, outage: boolean): void {
    if (![...this.devices.values()].some((x) => x.deviceId === deviceId))
      throw new ProviderRejectedError('Device not found', 404);
    if (outage) this.failingDevices.add(deviceId);
    else this.failingDevices.delete(deviceId);
  }

  getFailures(): SimulatorFailures {
    return { ...this.failures };
  }

  getDeviceByDeviceId(deviceId: string): ProviderDevice | null {
    const d = [...this.devices.values()].find((x) => x.deviceId === deviceId);
    return d ? FleetSimulator.view(d) : null;
  }

  /** Sets a device's heartbeat state now, as if the unit had just reported (or gone quiet). */
  setDeviceHeartbeat(deviceId: string, state: { status: ProviderDeviceStatus }): void {
    const d = [...this.devices.values()].find((x) => x.deviceId === deviceId);
    if (!d) throw new ProviderRejectedError('Device not found', 404);
    this.setStatus(d, state.status);
  }

  /** A change made by someone else in the platform's own admin screens (for conflict tests). */
  assignExternally(deviceId: string, vehicleLabel: string | null): void {
    const d = [...this.devices.values()].find((x) => x.deviceId === deviceId);
    if (!d) throw new ProviderRejectedError('Device not found', 404);
    if (vehicleLabel === null) {
      d.vehicleExternalId = null;
      return;
    }
    const v = [...this.vehicles.values()].find(
      (x) => x.clientExternalId === d.clientExternalId && x.vehicleId === vehicleLabel,
    );
    if (!v) throw new ProviderRejectedError('Vehicle not found', 404);
    d.vehicleExternalId = v.externalId;
  }

  callLog(): readonly SimulatorCall[] {
    return this.calls;
  }

  /** Writes sent with an idempotency key: applied once, repeats answered without effect. */
  keyedWriteStats(): { applied: number; replayed: number } {
    return this.keyed.stats();
  }

  counts(): { clients: number; vehicles: number; devices: number } {
    return { clients: this.clients.size, vehicles: this.vehicles.size, devices: this.devices.size };
  }
}

export function createFleetSimulator(options: FleetSimulatorOptions = {}): FleetSimulator {
  return new FleetSimulator(options);
}
