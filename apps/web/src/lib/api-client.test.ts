import { ClientListSchema } from '@toolkit/contracts/clients.ts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json, text } from '../test/mock-fetch.ts';
import { signIn } from '../test/render.tsx';
import {
  UNAUTHORIZED_WARNING,
  apiRequest,
  jsonQuery,
  jsonQueryOr401Null,
  keyToPath,
  lazyJsonQuery,
} from './api-client.ts';
import { getToken } from './storage.ts';

const api = installFetchMock();
afterEach(() => {
  vi.restoreAllMocks();
});

const lastInit = (): RequestInit => api.lastCall().init ?? {};

describe('apiRequest (§7)', () => {
  it('sends the Bearer token and a JSON body with a JSON content type', async () => {
    signIn({ token: 'abc', rememberMe: true });
    api.on('POST', '/api/devices/assign', json({ ok: true }));
    await apiRequest('POST', '/api/devices/assign', { deviceIds: ['D1'] });
    const init = lastInit();
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
    expect(init.body).toBe(JSON.stringify({ deviceIds: ['D1'] }));
  });

  it('sends no Authorization header and no body when there is neither token nor payload', async () => {
    api.on('GET', '/api/clients', json([]));
    await apiRequest('GET', '/api/clients');
    expect(lastInit().headers).toEqual({});
    expect(lastInit().body).toBeUndefined();
  });

  it('raises "status: body" for a non-OK answer', async () => {
    api.on('GET', '/api/clients/9', apiError(404, 'NOT_FOUND', 'Client not found'));
    await expect(apiRequest('GET', '/api/clients/9')).rejects.toThrow(
      '404: {"code":"NOT_FOUND","message":"Client not found"}',
    );
  });

  it('falls back to the status text when the body is empty', async () => {
    api.on('GET', '/api/clients', text('', 503, 'Service Unavailable'));
    await expect(apiRequest('GET', '/api/clients')).rejects.toThrow('503: Service Unavailable');
  });

  it('on a 401 clears token and selected client from both storages and warns (§4)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signIn({ token: 'expired', clientId: 4 });
    api.on('GET', '/api/clients', json({ message: 'Session expired' }, 401));
    await expect(apiRequest('GET', '/api/clients')).rejects.toThrow('401: {"message":"Session expired"}');
    expect(getToken()).toBeNull();
    for (const area of [localStorage, sessionStorage]) {
      expect(area.getItem('token')).toBeNull();
      expect(area.getItem('selectedClientId')).toBeNull();
    }
    expect(warn).toHaveBeenCalledWith(UNAUTHORIZED_WARNING);
  });
});

describe('query functions', () => {
  const client = {
    id: 1,
    name: 'RMT',
    fullName: null,
    region: null,
    vehicleCount: 1,
    deviceCount: 2,
    onlineDeviceCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('GETs the path made by joining the key segments', async () => {
    expect(keyToPath(['/api/clients', 3, 'overview'])).toBe('/api/clients/3/overview');
    api.on('GET', '/api/clients', json([client]));
    const queryClient = new QueryClient();
    const data = await queryClient.query({
      queryKey: ['/api/clients'],
      queryFn: jsonQuery(ClientListSchema),
    });
    expect(data).toEqual([client]);
    expect(api.lastCall().url).toBe('/api/clients');
  });

  it('can turn a 401 into null instead of an error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signIn({ token: 'expired', rememberMe: true });
    api.on('GET', '/api/clients', text('', 401));
    const queryClient = new QueryClient();
    const data = await queryClient.query({
      queryKey: ['/api/clients'],
      queryFn: jsonQueryOr401Null(ClientListSchema),
    });
    expect(data).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('with a lazily loaded schema, calls the API without waiting for the schema', async () => {
    api.on('GET', '/api/clients', json([client]));
    let loadSchema: (schema: typeof ClientListSchema) => void = () => undefined;
    const schemaLoaded = new Promise<typeof ClientListSchema>((resolve) => (loadSchema = resolve));
    const queryClient = new QueryClient();
    const data = queryClient.query({
      queryKey: ['/api/clients'],
      queryFn: lazyJsonQuery(() => schemaLoaded),
    });
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    loadSchema(ClientListSchema);
    expect(await data).toEqual([client]);
  });
});
