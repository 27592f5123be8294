import { DEVICE_TYPES, type DeviceType } from '@toolkit/contracts/devices.ts';
import {
  ProviderRejectedError,
  type ProviderClient,
  type ProviderCreateDeviceInput,
  type ProviderDeviceStatus,
  type ProviderDeviceSystem,
} from '../fleet-provider.ts';
import {
  AGENCY_PLANS,
  CARRIERS,
  FIRMWARE,
  SYSTEM_CATALOG,
  createRandom,
  makeVin,
  statusSpread,
  type AgencyPlan,
  type Random,
  type SimDevice,
  type SimVehicle,
} from './fleet-data.ts';
import { deviceMetadata } from './device-state.ts';
import { simAccounts, type SimAccount } from './sim-accounts.ts';

interface FleetWorldOptions {
  seed?: number | undefined;
  /** Extra generated agencies (benchmarks), each of this many buses, all visible to `demo`. */
  extraAgencies?: { count: number; buses: number } | undefined;
  now?: (() => number) | undefined;
}

const TYPE_PREFIX: Readonly<Record<DeviceType, string>> = {
  GPS: '',
  Tablet: 'TAB',
  Router: 'RTR',
  APC: 'APC',
  Other: 'HS',
};

/**
 * The simulated platform's data: accounts, agencies, buses, device systems and devices, generated
 * deterministically from a seed (the same seed gives the same fleet).
 */
export class FleetWorld {
  readonly random: Random;
  readonly now: () => number;
  readonly accounts: SimAccount[] = [];
  /** The account a login string names: its username or its e-mail, any case. */
  accountNamed(login: string): SimAccount | undefined {
    const who = login.trim().toLowerCase();
    return this.accounts.find((a) => a.username === who || a.email === who);
  }
  readonly clients = new Map<string, ProviderClient>();
  readonly vehicles = new Map<string, SimVehicle>();
  readonly devices = new Map<string, SimDevice>();
  readonly systems = new Map<string, ProviderDeviceSystem[]>();
  private nextId = 1;
  private nextEsn = 4661200000;

  constructor(options: FleetWorldOptions = {}) {
    this.random = createRandom(options.seed ?? 20261122);
    this.now = options.now ?? Date.now;
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
    this.accounts.push(...simAccounts(extraIds));
  }

  /** A device by its own id (the ESN or serial the installer sees), not the platform's id. */
  findByDeviceId(deviceId: string): SimDevice | undefined {
    return [...this.devices.values()].find((x) => x.deviceId === deviceId);
  }

  id(prefix: string): string {
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
    for (const type of DEVICE_TYPES) {
      for (let i = 0; i < spares; i++)
        this.addDevice(plan.externalId, type, spareSystems[type], null, r.chance(0.3) ? 'online' : 'offline');
    }
  }

  addDevice(
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
    device.metadata = deviceMetadata(device, this.random);
    this.devices.set(device.externalId, device);
    return device;
  }

  /** A device added through the platform's API: offline until it reports; its id must be unique. */
  createDevice(input: ProviderCreateDeviceInput): SimDevice {
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
    return d;
  }
}
