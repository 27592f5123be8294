import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearSession, setToken } from '../../../lib/storage.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { getCurrentUser, setCurrentUser } from '../session-store.ts';
import { prefetchVerify, verifyQueryOptions } from './verify.ts';

const fetchMock = vi.fn<typeof fetch>();
const user = {
  id: 1,
  username: 'demo',
  name: 'Dana Installer',
  role: 'installer',
  clientIds: [1],
  createdAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  clearSession();
  setCurrentUser(null);
});

describe('prefetchVerify (§7 at start-up)', () => {
  it('makes no call without a stored token', () => {
    prefetchVerify(createQueryClient());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies a stored token with the Bearer header and sets the user', async () => {
    setToken('tok', true);
    fetchMock.mockResolvedValue(jsonResponse({ user }));
    prefetchVerify(createQueryClient());
    await vi.waitFor(() => expect(getCurrentUser()?.name).toBe('Dana Installer'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/verify');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ Authorization: 'Bearer tok' });
  });

  it('is not repeated by the session check mounting after it', async () => {
    setToken('tok', true);
    fetchMock.mockResolvedValue(jsonResponse({ user }));
    const queryClient = createQueryClient();
    prefetchVerify(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryState(['/api/auth/verify'])?.status).toBe('success'));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useQuery(verifyQueryOptions(true)), { wrapper });
    expect(result.current.data?.user.name).toBe('Dana Installer');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed verification to SessionVerifier (no user, no throw)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setToken('expired', true);
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    const queryClient = createQueryClient();
    prefetchVerify(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryState(['/api/auth/verify'])?.status).toBe('error'));
    expect(getCurrentUser()).toBeNull();
  });
});
