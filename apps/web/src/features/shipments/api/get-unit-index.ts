import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFromPath, parseJson } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { SHIPMENT_UNITS_URL, unitIndexQueryKey } from './shipment-urls.ts';

/** The index is read again at most every 5 minutes while a workspace is open. */
const UNIT_INDEX_STALE_MS = 5 * 60_000;

const loadSchema = async () => (await import('@toolkit/contracts/shipments.ts')).ShipmentUnitIndexSchema;

/**
 * GET /api/shipment-units/index?clientId=: the agency's shipment units (serial, IMEI, ICCID,
 * type, status, bus), kept on the phone so that a scan without signal still finds a unit (the
 * design's "Offline"). Its schema loads with the answer, off the workspace's first load.
 */
export function unitIndexQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: unitIndexQueryKey(clientId),
    queryFn: async ({ signal }) => {
      const [res, schema] = await Promise.all([
        getFromPath(`${SHIPMENT_UNITS_URL}/index?clientId=${String(clientId)}`, signal),
        loadSchema(),
      ]);
      return parseJson(res, schema);
    },
    staleTime: UNIT_INDEX_STALE_MS,
    ...persistedQuery('shipment-unit-index'),
  });
}

/** Keeps the agency's unit index fresh (and saved) while the screen that scans is open. */
export function useUnitIndex(clientId: number) {
  return useQuery(unitIndexQueryOptions(clientId));
}
