import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfigTestSchema, type ConfigTest } from '@toolkit/contracts/config-tests.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { configTestsQueryOptions } from './get-config-tests.ts';
import { logsQueryOptions } from './get-logs.ts';

export async function runConfigTest(vehicleId: number): Promise<ConfigTest> {
  const res = await apiRequest('POST', '/api/config/test', { vehicleId });
  return ConfigTestSchema.parse(await res.json());
}

/** Runs the five tests on the server from the devices' telemetry; the new test leads the list. */
export function useRunConfigTest(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => runConfigTest(vehicleId),
    onSuccess: async (test) => {
      queryClient.setQueryData(configTestsQueryOptions(vehicleId).queryKey, (old) => [test, ...(old ?? [])]);
      await queryClient.invalidateQueries({ queryKey: logsQueryOptions(vehicleId).queryKey });
    },
  });
}
