import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { useVehicleChoices, vehiclesQueryOptions, type VehicleListResult } from './get-vehicles.ts';

describe('useVehicleChoices', () => {
  it('reads the Vehicles screen’s cache entry as a plain list, so both screens share one download', async () => {
    const queryClient = createQueryClient();
    const vehicle = { id: 7, vehicleId: '1007' } as VehicleListResult['vehicles'][number];
    const cached: VehicleListResult = {
      vehicles: [vehicle],
      source: 'network',
      syncedAt: Date.now(),
      stale: false,
    };
    queryClient.setQueryData(vehiclesQueryOptions(3).queryKey, cached);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useVehicleChoices(3), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([vehicle]));
  });
});
