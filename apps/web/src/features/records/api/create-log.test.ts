import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { useCreateLogNote } from './create-log.ts';
import { installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderHookWithQueryClient } from '../../../test/render.tsx';

const api = installFetchMock();

describe('the outbox is the one refresh after a write (decision 044)', () => {
  it('a log note sent from its hook: one refresh of the log, counted on the query client', async () => {
    api.on(
      'POST',
      '/api/logs',
      json(
        {
          id: 3,
          vehicleId: 7,
          deviceId: null,
          action: 'Installation Note',
          details: 'x',
          userId: 1,
          timestamp: new Date().toISOString(),
        },
        201,
      ),
    );
    const { result, queryClient } = renderHookWithQueryClient(() => useCreateLogNote(7));
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    const keys = () => spy.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    await result.current.mutateAsync('Antenna moved');
    await waitFor(() => expect(keys()).toEqual(['["/api/logs",{"vehicleId":7}]']));
  });
});
