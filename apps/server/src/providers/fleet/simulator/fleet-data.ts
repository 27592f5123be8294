import { computeVinCheckDigit } from '@toolkit/contracts/vin.ts';
import type { DeviceType } from '@toolkit/contracts/devices.ts';
import type {
  ProviderDevice,
  ProviderDeviceStatus,
  ProviderDeviceSystem,
  ProviderSoftwareVersion,
  ProviderVehicle,
} from '../fleet-provider.ts';

/** A small, fast, seedable PRNG (mulberry32): the same seed always builds the same fleet. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  function pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  const chance = (p: number): boolean => next() < p;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof createRandom>;

/** Model years as VIN position 10 codes (the 30-year cycle restarted at A in 2010). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
function yearCode(year: number): string {
  return YEAR_CODES.charAt((((year - 2010) % 30) + 30) % 30);
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/**
 * Transit makers by their real World Manufacturer Identifiers (wmi_transit_bus.csv, high or medium
 * confidence). `serialPrefix` fills positions 12-14 where the maker shares its WMI (1N9).
 */
interface BusModel {
  wmi: string;
  make: string;
  model: string;
  vehicleType: string;
  seats: [number, number];
  doors: number;
  serialPrefix?: string;
}
const BUS_MODELS = {
  gillig40: {
    wmi: '15G',
    make: 'Gillig',
    model: 'Low Floor 40',
    vehicleType: 'Bus',
    seats: [36, 40],
    doors: 2,
  },
  gillig35: {
    wmi: '15G',
    make: 'Gillig',
    model: 'Low Floor 35',
    vehicleType: 'Bus',
    seats: [30, 32],
    doors: 2,
  },
  xcelsior40: {
    wmi: '5FY',
    make: 'New Flyer',
    model: 'Xcelsior XD40',
    vehicleType: 'Bus',
    seats: [38, 40],
    doors: 2,
  },
  xcelsior60: {
    wmi: '5FY',
    make: 'New Flyer',
    model: 'Xcelsior XDE60',
    vehicleType: 'Articulated Bus',
    seats: [55, 60],
    doors: 3,
  },
  novaLfs: { wmi: '4RK', make: 'Nova Bus', model: 'LFS', vehicleType: 'Bus', seats: [37, 41], doors: 2 },
  mciD4500: {
    wmi: '1M8',
    make: 'Motor Coach Industries',
    model: 'D4500',
    vehicleType: 'Commuter Coach',
    seats: [55, 57],
    doors: 1,
  },
  eldoradoAxess: {
    wmi: '1N9',
    make: 'ElDorado National',
    model: 'Axess',
    vehicleType: 'Bus',
    seats: [29, 32],
    doors: 2,
    serialPrefix: '084',
  },
  fordE450: {
    wmi: '1FD',
    make: 'Ford',
    model: 'E-450 Cutaway',
    vehicleType: 'Cutaway Bus',
    seats: [12, 16],
    doors: 1,
  },
} as const satisfies Record<string, BusModel>;

/** A VIN on a real transit WMI with the year code and a valid 49 CFR 565 check digit. */
export function makeVin(random: Random, model: BusModel, year: number): string {
  const charOf = (set: string) => set.charAt(random.int(0, set.length - 1));
  const chars = (n: number) => Array.from({ length: n }, () => charOf(VIN_CHARS)).join('');
  const serial = model.serialPrefix
    ? `${model.serialPrefix}${String(random.int(100, 999))}`
    : String(random.int(100000, 999999));
  // Position 7 a letter: from 2010 on that tells the year cycle apart (49 CFR 565.15).
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const draft = `${model.wmi}${chars(3)}${charOf(letters)}${chars(1)}0${yearCode(year)}${charOf(letters)}${serial}`;
  const check = computeVinCheckDigit(draft);
  if (!check) throw new Error(`bad VIN draft ${draft}`);
  return `${draft.slice(0, 8)}${check}${draft.slice(9)}`;
}

export interface AgencyPlan {
  externalId: string;
  name: string;
  fullName: string;
  region: string;
  buses: number;
  /** Fleet number of the first bus; later ones count up. */
  firstFleetNumber: number;
  fleetPrefix: string;
  models: readonly { model: BusModel; share: number; years: [number, number] }[];
  routes: readonly string[];
  depots: readonly string[];
  /** Share of buses that carry each optional device. */
  kit: { tablet: number; router: number; apc: number; apcRear: number; headsign: number };
}

export const AGENCY_PLANS: readonly AgencyPlan[] = [
  {
    externalId: 'ag-100',
    name: 'RMT',
    fullName: 'Riverside Metropolitan Transit',
    region: 'Riverside Metro Area (North, Central, South divisions)',
    buses: 318,
    firstFleetNumber: 1001,
    fleetPrefix: '',
    models: [
      { model: BUS_MODELS.gillig40, share: 0.4, years: [2014, 2024] },
      { model: BUS_MODELS.xcelsior40, share: 0.3, years: [2016, 2025] },
      { model: BUS_MODELS.xcelsior60, share: 0.12, years: [2018, 2025] },
      { model: BUS_MODELS.novaLfs, share: 0.12, years: [2019, 2026] },
      { model: BUS_MODELS.mciD4500, share: 0.06, years: [2013, 2022] },
    ],
    routes: [
      '1',
      '2',
      '4',
      '6',
      '10',
      '12',
      '14',
      '15',
      '20',
      '22',
      '28',
      '31',
      '35',
      '40',
      '44',
      '52',
      '60',
      '72',
      '81',
      '90X',
      'Rapid A',
      'Rapid B',
      'Express 500',
    ],
    depots: ['North Division', 'Central Division', 'South Division'],
    kit: { tablet: 0.9, router: 0.92, apc: 0.35, apcRear: 0.15, headsign: 0.3 },
  },
  {
    externalId: 'ag-200',
    name: 'VVT',
    fullName: 'Valley Vista Transit',
    region: 'Central Valley (East and West yards)',
    buses: 82,
    firstFleetNumber: 201,
    fleetPrefix: '',
    models: [
      { model: BUS_MODELS.gillig35, share: 0.55, years: [2012, 2023] },
      { model: BUS_MODELS.eldoradoAxess, share: 0.3, years: [2015, 2024] },
      { model: BUS_MODELS.fordE450, share: 0.15, years: [2018, 2025] },
    ],
    routes: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'Dial-a-Ride'],
    depots: ['East Yard', 'West Yard'],
    kit: { tablet: 0.85, router: 0.8, apc: 0.25, apcRear: 0.05, headsign: 0.2 },
  },
  {
    externalId: 'ag-300',
    name: 'PCT',
    fullName: 'Pine County Transit',
    region: 'Pine County (rural)',
    buses: 12,
    firstFleetNumber: 1,
    fleetPrefix: 'PC-',
    models: [{ model: BUS_MODELS.fordE450, share: 1, years: [2016, 2025] }],
    routes: ['Town Loop', 'Lakeside', 'Medical Shuttle', 'Demand Response'],
    depots: ['County Yard'],
    kit: { tablet: 0.75, router: 0.5, apc: 0, apcRear: 0, headsign: 0.1 },
  },
];

/** Device systems as agencies name them; the flags say what each system is. */
export const SYSTEM_CATALOG: readonly Omit<ProviderDeviceSystem, 'externalId'>[] = [
  { name: 'CalAmp LMU-3640', mdt: false, router: false, gps: true, apc: false },
  { name: 'CalAmp LMU-4230', mdt: false, router: false, gps: true, apc: false },
  { name: 'Samsung Galaxy Tab Active MDT', mdt: true, router: false, gps: false, apc: false },
  { name: 'Zebra ET40 MDT', mdt: true, router: false, gps: false, apc: false },
  { name: 'Cradlepoint IBR900', mdt: false, router: true, gps: false, apc: false },
  { name: 'Cradlepoint R1900', mdt: false, router: true, gps: false, apc: false },
  { name: 'Sierra Wireless AirLink MG90', mdt: false, router: true, gps: false, apc: false },
  { name: 'APS1 Front', mdt: false, router: false, gps: false, apc: true },
  { name: 'APS2 Rear', mdt: false, router: false, gps: false, apc: true },
  { name: 'Luminator Horizon Headsign', mdt: false, router: false, gps: false, apc: false },
  { name: 'Hanover Headsign Controller', mdt: false, router: false, gps: false, apc: false },
];

export const SOFTWARE_VERSIONS: readonly ProviderSoftwareVersion[] = [
  {
    version: '5.13.0',
    filename: 'DriverMDT-5.13.0.apk',
    type: 'production',
    description: 'Current release: faster sign-on, route detour prompts',
  },
  {
    version: '5.12.3',
    filename: 'DriverMDT-5.12.3.apk',
    type: 'production',
    description: 'Previous release (stable)',
  },
  {
    version: '5.11.4',
    filename: 'DriverMDT-5.11.4.apk',
    type: 'production',
    description: 'Long-term support release',
  },
  {
    version: '2.4.1',
    filename: 'NavPack-2.4.1.apk',
    type: 'addon',
    description: 'Turn-by-turn navigation for detours',
  },
  {
    version: '1.8.0',
    filename: 'FareCardReader-1.8.0.apk',
    type: 'addon',
    description: 'Smart-card reader driver',
  },
  {
    version: '3.2.0',
    filename: 'DiagTools-3.2.0.apk',
    type: 'addon',
    description: 'Installer diagnostics: GPS, LTE and CAN checks',
  },
];

export const FIRMWARE: Readonly<Record<DeviceType, readonly string[]>> = {
  GPS: ['LMU 48.1f', 'LMU 47.3b', 'LMU 49.0a'],
  Tablet: ['DriverMDT 5.13.0', 'DriverMDT 5.12.3', 'DriverMDT 5.11.4'],
  Router: ['NetCloud OS 7.24.40', 'NetCloud OS 7.23.90', 'ALEOS 4.17.0'],
  APC: ['APS 3.1.7', 'APS 3.0.2'],
  Other: ['HSC 2.2', 'HSC 2.1'],
};

export const CARRIERS = ['Verizon', 'AT&T', 'T-Mobile'] as const;

/** Everything the simulator keeps about a device beyond what the provider interface shows. */
export interface SimDevice extends ProviderDevice {
  lat: number;
  lon: number;
  carrier: string;
}

export interface SimVehicle extends ProviderVehicle {
  depot: string;
}

export function statusSpread(random: Random, busPoweredOff: boolean): ProviderDeviceStatus {
  if (busPoweredOff) return 'offline';
  const r = random.next();
  return r < 0.82 ? 'online' : r < 0.9 ? 'warning' : r < 0.95 ? 'error' : 'offline';
}
