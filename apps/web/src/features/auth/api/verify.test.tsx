import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DEMO_USER } from '../../../test/fixtures.ts';
import { installFetchMock, json, text } from '../../../test/mock-fetch.ts';
import { renderHookWithQueryClient, signIn } from '../../../test/render.tsx';
import { getCurrentUser } from '../session-store.ts';
import { prefetchVerify, verifyQueryOptions } from './verify.ts';

const api = installFetchMock();
const VERIFY = '/api/auth/verify';

describe('prefetchVerify (§7 at start-up)', () => {
  it('makes no call without a stored token', () => {
    prefetchVerify(createQueryClient());
    expect(api.calls).toEqual([]);
  });

  it('verifies a stored token with the Bearer header and sets the user', async () => {
    signIn({ token: 'tok', rememberMe: true });
    api.on('GET', VERIFY, json({ user: DEMO_USER }));
    prefetchVerify(createQueryClient());
    await vi.waitFor(() => expect(getCurrentUser()?.name).toBe('Dana Installer'));
    expect(api.calls[0]?.url).toBe(VERIFY);
    expect(api.calls[0]?.headers).toEqual({ Authorization: 'Bearer tok' });
  });

  it('is not repeated by the session check mounting after it', async () => {
    signIn({ token: 'tok', rememberMe: true });
    api.on('GET', VERIFY, json({ user: DEMO_USER }));
    const queryClient = createQueryClient();
    prefetchVerify(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryState(['/api/auth/verify'])?.status).toBe('success'));
    const { result } = renderHookWithQueryClient(() => useQuery(verifyQueryOptions(true)), queryClient);
    expect(result.current.data?.user.name).toBe('Dana Installer');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toHaveLength(1);
  });

  it('leaves a failed verification to SessionVerifier (no user, no throw)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signIn({ token: 'expired', rememberMe: true });
    api.on('GET', VERIFY, text('', 401));
    const queryClient = createQueryClient();
    prefetchVerify(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryState(['/api/auth/verify'])?.status).toBe('error'));
    expect(getCurrentUser()).toBeNull();
  });
});
