import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { UnitLookupQuerySchema, UnitLookupSchema, type UnitLookup } from '@toolkit/contracts/shipments.ts';
import { getFromPath, parseJson } from '../../../lib/api-client.ts';
import { SHIPMENT_UNITS_URL } from './shipment-urls.ts';

/**
 * GET /api/shipment-units/lookup?clientId=&code=: the unit and the agency's device a code names,
 * and the bus the unit went on; null when nothing matches (404). Asked afresh at every scan.
 */
export function unitLookupQueryOptions(clientId: number, code: string) {
  return queryOptions({
    queryKey: [SHIPMENT_UNITS_URL, 'lookup', clientId, code] as const,
    queryFn: async ({ signal }): Promise<UnitLookup | null> => {
      const query = new URLSearchParams({ clientId: String(clientId), code });
      const res = await getFromPath(`${SHIPMENT_UNITS_URL}/lookup?${query.toString()}`, signal);
      if (res.status === 404) return null;
      return parseJson(res, UnitLookupSchema);
    },
    staleTime: 0,
    gcTime: 60_000,
  });
}

/** Whether the lookup takes a code as it is (one line, not too long): others match nothing. */
export const isLookupCode = (code: string) => UnitLookupQuerySchema.shape.code.safeParse(code).success;

export function lookUpUnit(queryClient: QueryClient, clientId: number, code: string) {
  return queryClient.query(unitLookupQueryOptions(clientId, code));
}
