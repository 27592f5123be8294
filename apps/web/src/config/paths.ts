/** Typed route paths of spec §2. */
export const paths = {
  root: '/',
  login: '/login',
  clients: '/clients',
  dashboard: '/dashboard',
  /** The installer workspace with a vehicle chosen (its database id). */
  startInstallation: (vehicleId: number) => `/dashboard?vehicleId=${String(vehicleId)}`,
  overview: '/overview',
  vehicles: '/vehicles',
  devices: '/devices',
  device: (deviceId: string) => `/devices/${encodeURIComponent(deviceId)}`,
  installation: (vehicleId: string | number) =>
    `/vehicle/${encodeURIComponent(String(vehicleId))}/installation`,
  reports: '/reports',
  support: '/support',
} as const;

const VEHICLE_FILTERS = ['online', 'unknown', 'offline'] as const;
type VehicleFilter = (typeof VEHICLE_FILTERS)[number];

export function vehiclesWithFilter(filter: VehicleFilter): string {
  return `${paths.vehicles}?filter=${filter}`;
}

/** Routes that show no back button (§2). */
export const NO_BACK_BUTTON_ROUTES: readonly string[] = [paths.login, paths.root, paths.clients];
