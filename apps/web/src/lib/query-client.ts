import { QueryClient } from '@tanstack/react-query';

/** §9 defaults: no retries, no refetch on focus, no polling, data never stale unless a query says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * When this page started: data older than this was not fetched in this session but restored from
 * the copy kept on this phone (issue 14), and screens say so.
 */
export const SESSION_STARTED_AT = Date.now();
