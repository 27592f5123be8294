import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlatformSchema } from '@toolkit/contracts/platform.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The fleet platform the server talks to and the actions it lacks (issue 26). */
export function platformQueryOptions() {
  return queryOptions({
    queryKey: ['/api/platform'],
    queryFn: async () => {
      const res = await apiRequest('GET', '/api/platform');
      return PlatformSchema.parse(await res.json());
    },
  });
}

/** `enabled: false` until the answer is needed (a panel asks only when it must say why). */
export function usePlatform(enabled = true) {
  return useQuery({ ...platformQueryOptions(), enabled });
}
