import type { QueryClient } from '@tanstack/react-query';
import { clientListsAfterDeviceChange } from '../features/clients/api/client-keys.ts';
import { logsAfterDeviceChange } from '../features/records/api/log-keys.ts';
import { shipmentsAfterDeviceChange } from '../features/shipments/api/shipment-urls.ts';
import { vehicleListAfterDeviceChange } from '../features/vehicles/api/vehicle-keys.ts';
import { declareDeviceChangeFollowers } from '../lib/device-change.ts';
import { setOutboxRefresh } from '../lib/outbox/refresh.ts';

/**
 * What refreshes after a write, declared once at app start (issue 33, decision 044): the outbox
 * refreshes, by their query keys, the queries a kept write changes (its one refresh path), and a
 * device change's keys include what the other resources' homes map it to. Small and free of
 * schemas: it loads with the first screen, before any write can be made.
 */
export function wireRefresh(queryClient: QueryClient): void {
  setOutboxRefresh((queryKey) => void queryClient.invalidateQueries({ queryKey: [...queryKey] }));
  declareDeviceChangeFollowers([
    clientListsAfterDeviceChange,
    vehicleListAfterDeviceChange,
    logsAfterDeviceChange,
    shipmentsAfterDeviceChange,
  ]);
}
