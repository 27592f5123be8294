import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ShipmentUnitPageSchema,
  type ShipmentUnit,
  type ShipmentUnitStatus,
} from '@toolkit/contracts/shipments.ts';
import { getFromPath, parseJson } from '../../../lib/api-client.ts';
import { shipmentUnitsQueryKey, shipmentUrl } from './shipment-urls.ts';

/** Pages read at most: 500 units a page, a 10,000-row shipment is 20. */
const MAX_PAGES = 40;

/**
 * GET /api/shipments/{id}/units?status=&cursor=: every unit of one shipment (of one status, or
 * all), each with its status, device and bus, read page by page.
 */
async function readUnits(shipmentId: number, status: ShipmentUnitStatus | null, signal: AbortSignal) {
  const items: ShipmentUnit[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query = new URLSearchParams();
    if (status) query.set('status', status);
    if (cursor !== null) query.set('cursor', cursor);
    const qs = query.toString();
    const url = `${shipmentUrl(shipmentId)}/units${qs ? `?${qs}` : ''}`;
    const answer = await parseJson(await getFromPath(url, signal), ShipmentUnitPageSchema);
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (cursor === null) break;
  }
  return items;
}

export function shipmentUnitsQueryOptions(shipmentId: number, status: ShipmentUnitStatus | null) {
  return queryOptions({
    queryKey: shipmentUnitsQueryKey(shipmentId, status),
    queryFn: ({ signal }) => readUnits(shipmentId, status, signal),
  });
}

export function useShipmentUnits(shipmentId: number, status: ShipmentUnitStatus | null) {
  return useQuery(shipmentUnitsQueryOptions(shipmentId, status));
}
