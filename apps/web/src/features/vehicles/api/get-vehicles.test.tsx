import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { makeVehicle } from '../../../test/fixtures.ts';
import { installFetchMock } from '../../../test/mock-fetch.ts';
import { renderHookWithQueryClient } from '../../../test/render.tsx';
import { useVehicleChoices, vehiclesQueryOptions } from './get-vehicles.ts';

const api = installFetchMock();

describe('useVehicleChoices', () => {
  it('reads the Vehicles screen’s cache entry as a plain list, so both screens share one download', async () => {
    const queryClient = createQueryClient();
    const vehicle = makeVehicle({ id: 7, vehicleId: '1007' });
    queryClient.setQueryData(vehiclesQueryOptions(3).queryKey, [vehicle]);
    const { result } = renderHookWithQueryClient(() => useVehicleChoices(3), queryClient);
    await waitFor(() => expect(result.current.data).toEqual([vehicle]));
    expect(api.calls).toEqual([]);
  });
});
