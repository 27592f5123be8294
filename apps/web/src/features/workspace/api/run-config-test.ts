import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfigTestSchema, type ConfigTest } from '@toolkit/contracts/config-tests.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { configTestsQueryOptions } from './get-config-tests.ts';
import { logsQueryOptions } from '../../records/index.ts';

/**
 * POST /api/config/test through the outbox: without signal the request is kept and the server runs
 * the test (on the devices' telemetry it has then) when it arrives.
 */
export function runConfigTest(vehicle: { id: number; vehicleId: string }): Promise<Submitted<ConfigTest>> {
  return submitWrite(
    {
      label: `Configuration test on ${vehicle.vehicleId}`,
      method: 'POST',
      url: '/api/config/test',
      body: { vehicleId: vehicle.id },
      keyPrefix: 'config-test',
      invalidate: [configTestsQueryOptions(vehicle.id).queryKey, logsQueryOptions(vehicle.id).queryKey],
    },
    (answer) => ConfigTestSchema.parse(answer),
  );
}

/** Runs the five tests on the server from the devices' telemetry; the new test leads the list. */
export function useRunConfigTest(vehicle: { id: number; vehicleId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => runConfigTest(vehicle),
    networkMode: 'always',
    onSuccess: async (result) => {
      if (result.status === 'queued') return;
      const test = result.answer;
      queryClient.setQueryData(configTestsQueryOptions(vehicle.id).queryKey, (old) => [test, ...(old ?? [])]);
      await queryClient.invalidateQueries({ queryKey: logsQueryOptions(vehicle.id).queryKey });
    },
  });
}
