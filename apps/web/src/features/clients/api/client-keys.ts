import type { DeviceChange } from '../../../lib/device-change.ts';

/** The clients endpoint (§7): GET lists the user's agencies, /{id} one, /{id}/overview its counts. */
export const CLIENTS_URL = '/api/clients';

/** The query keys of the agencies' lists, free of their schemas: the app's refresh map reads them at start. */
export const clientsQueryKey = () => [CLIENTS_URL] as const;
export const fleetOverviewQueryKey = (clientId: number) => [CLIENTS_URL, clientId, 'overview'] as const;

/** What a device change makes stale here: the list's device counts and the agency's fleet counts. */
export const clientListsAfterDeviceChange = ({ clientId }: DeviceChange) => [
  clientsQueryKey(),
  fleetOverviewQueryKey(clientId),
];
