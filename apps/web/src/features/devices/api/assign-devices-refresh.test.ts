import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { useAssignDevices } from './assign-devices.ts';
import { installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderHookWithQueryClient } from '../../../test/render.tsx';

const api = installFetchMock();

describe('the outbox is the one refresh after a write (decision 044)', () => {
  it('an assignment sent from its hook refreshes each key once (devices, the vehicle, the followers)', async () => {
    api.on(
      'POST',
      '/api/devices/assign',
      json({
        devices: [],
        assignmentResults: [{ deviceId: 'G1', localAssigned: true, navigatorAssigned: true, error: null }],
        message: 'ok',
      }),
    );
    const { result, queryClient } = renderHookWithQueryClient(() => useAssignDevices());
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    const keys = () => spy.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    await result.current.assign({ deviceIds: ['G1'], vehicleId: 4, clientId: 3 });
    await waitFor(() => expect(keys()).toContain('["/api/logs",{"vehicleId":4}]'));
    expect(new Set(keys()).size).toBe(keys().length);
    expect(keys()).toContain('["/api/vehicles/client",3]');
  });
});
