import { queryOptions, useQuery } from '@tanstack/react-query';
import { ShipmentListSchema } from '@toolkit/contracts/shipments.ts';
import { getFromPath, parseJson } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { SHIPMENTS_URL, shipmentsQueryKey } from './shipment-urls.ts';

/** GET /api/shipments/client/{clientId}: the agency's shipments, newest first, with their units' counts. */
export function shipmentsQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: shipmentsQueryKey(clientId),
    queryFn: async ({ signal }) =>
      parseJson(await getFromPath(`${SHIPMENTS_URL}/client/${String(clientId)}`, signal), ShipmentListSchema),
    ...persistedQuery('shipment-list'),
  });
}

export function useShipments(clientId: number) {
  return useQuery(shipmentsQueryOptions(clientId));
}
