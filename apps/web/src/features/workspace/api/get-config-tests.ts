import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConfigTestListSchema } from '@toolkit/contracts/config-tests.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** A vehicle's earlier configuration tests, newest first (§7: the first one is shown). */
export function configTestsQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: ['/api/config/test/vehicle', vehicleId],
    queryFn: jsonQuery(ConfigTestListSchema),
    ...persistedQuery('config-test-list'),
  });
}

export function useConfigTests(vehicleId: number) {
  return useQuery(configTestsQueryOptions(vehicleId));
}
