import type { QueryClient } from '@tanstack/react-query';

const AFFECTED = ['/api/devices', '/api/vehicles', '/api/clients'];

/** After an assignment or a new device: refresh every device, vehicle and client query. */
export function invalidateDeviceQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [first] = query.queryKey;
      return typeof first === 'string' && AFFECTED.some((prefix) => first.startsWith(prefix));
    },
  });
}
