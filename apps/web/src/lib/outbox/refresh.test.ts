import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { useCreateLogNote } from '../../features/records/api/create-log.ts';
import { useAssignDevices } from '../../features/devices/api/assign-devices.ts';
import { apiError, installFetchMock, json, networkError } from '../../test/mock-fetch.ts';
import { renderHookWithQueryClient } from '../../test/render.tsx';
import { discard, enqueue, flush } from './outbox.ts';
import { setOutboxRefresh } from './refresh.ts';

const api = installFetchMock();
afterEach(() => setOutboxRefresh(null));

/** Every refresh the outbox asks for, by key. */
function countRefreshes() {
  const seen: string[] = [];
  setOutboxRefresh((key) => seen.push(JSON.stringify(key)));
  return seen;
}

const write = (label: string) => ({
  label,
  method: 'POST' as const,
  url: '/api/notes',
  body: { label },
  keyPrefix: 'note',
  invalidate: [
    ['/api/notes', { vehicleId: 7 }],
    ['/api/upload-items', 7],
    ['/api/notes', { vehicleId: 7 }],
  ],
});

describe('the outbox is the one refresh after a write (decision 044)', () => {
  it('a sent write refreshes each key it changes once; nothing while it only waits', async () => {
    const seen = countRefreshes();
    api.on('POST', '/api/notes', networkError());
    await enqueue(write('a'));
    await flush();
    expect(seen).toEqual([]);
    api.on('POST', '/api/notes', json({ id: 1 }, 201));
    await flush(() => Date.now() + 600_000);
    expect(seen).toEqual(['["/api/notes",{"vehicleId":7}]', '["/api/upload-items",7]']);
  });

  it('a refused write, and a waiting one given up, refresh what was shown ahead of the server', async () => {
    const seen = countRefreshes();
    api.on('POST', '/api/notes', apiError(400, 'VALIDATION', 'No'));
    await enqueue(write('refused'));
    await flush();
    expect(seen).toHaveLength(2);
    api.on('POST', '/api/notes', networkError());
    const kept = await enqueue(write('kept'));
    await discard(kept.id);
    expect(seen).toHaveLength(4);
  });

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
    const keys: unknown[] = [];
    const original = queryClient.invalidateQueries.bind(queryClient);
    queryClient.invalidateQueries = ((filters?: { queryKey?: readonly unknown[] }) => {
      keys.push(filters?.queryKey);
      return original(filters);
    }) as typeof queryClient.invalidateQueries;
    await result.current.mutateAsync('Antenna moved');
    await waitFor(() => expect(keys).toEqual([['/api/logs', { vehicleId: 7 }]]));
  });

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
    const keys: string[] = [];
    const original = queryClient.invalidateQueries.bind(queryClient);
    queryClient.invalidateQueries = ((filters?: { queryKey?: readonly unknown[] }) => {
      keys.push(JSON.stringify(filters?.queryKey));
      return original(filters);
    }) as typeof queryClient.invalidateQueries;
    await result.current.assign({ deviceIds: ['G1'], vehicleId: 4, clientId: 3 });
    await waitFor(() => expect(keys.length).toBeGreaterThan(0));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('["/api/vehicles/client",3]');
    expect(keys).toContain('["/api/logs",{"vehicleId":4}]');
  });
});
