/** Typed route paths of spec §2. */
export const paths = {
  root: '/',
  login: '/login',
  clients: '/clients',
  dashboard: '/dashboard',
  /** The installer workspace with a vehicle chosen (its id: a local id for one made without signal). */
  startInstallation: (vehicleId: number) => `/dashboard?vehicleId=${String(vehicleId)}`,
  overview: '/overview',
  vehicles: '/vehicles',
  devices: '/devices',
  device: (deviceId: string) => `/devices/${encodeURIComponent(deviceId)}`,
  installation: (vehicleId: string | number) =>
    `/vehicle/${encodeURIComponent(String(vehicleId))}/installation`,
  reports: '/reports',
  support: '/support',
  /** Install campaigns (issue 34): the agency's active campaigns, one campaign's buses, a bus's checklist. */
  campaigns: '/campaigns',
  campaign: (campaignId: number) => `/campaigns/${String(campaignId)}`,
  campaignBus: (campaignId: number, busId: number) =>
    `/campaigns/${String(campaignId)}/buses/${String(busId)}`,
  /** A campaign's shipments (issue 35): import, list, each unit's status and bus. */
  campaignShipments: (campaignId: number) => `/campaigns/${String(campaignId)}/shipments`,
} as const;

type VehicleFilter = 'online' | 'unknown' | 'offline';

export function vehiclesWithFilter(filter: VehicleFilter): string {
  return `${paths.vehicles}?filter=${filter}`;
}

/** Routes that show no back button (§2). */
export const NO_BACK_BUTTON_ROUTES: readonly string[] = [paths.login, paths.root, paths.clients];
