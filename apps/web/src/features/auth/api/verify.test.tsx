import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DEMO_USER } from '../../../test/fixtures.ts';
import { deferred, installFetchMock, json, text } from '../../../test/mock-fetch.ts';
import { renderHookWithQueryClient, signIn } from '../../../test/render.tsx';
import { getCurrentUser } from '../session-store.ts';
import { startEarlyVerify, takeEarlyVerify } from './early-verify.ts';
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

describe('the verification the entry sends as the page loads', () => {
  // Nothing one test sent early is left for the next.
  afterEach(() => void takeEarlyVerify(null));

  it('is sent before the app starts, and its answer is the start-up verification: one call in all', async () => {
    signIn({ token: 'tok', rememberMe: true });
    const answer = deferred();
    api.on('GET', VERIFY, answer.answer);
    startEarlyVerify();
    expect(api.calls.map((c) => [c.url, c.headers])).toEqual([[VERIFY, { Authorization: 'Bearer tok' }]]);

    const queryClient = createQueryClient();
    prefetchVerify(queryClient);
    answer.resolve({ kind: 'json', status: 200, body: { user: DEMO_USER } });
    await vi.waitFor(() => expect(getCurrentUser()?.name).toBe('Dana Installer'));
    expect(api.calls).toHaveLength(1);
  });

  it('is not used for another token, nor twice', async () => {
    signIn({ token: 'old', rememberMe: true });
    api.on('GET', VERIFY, json({ user: DEMO_USER }));
    startEarlyVerify();
    signIn({ token: 'new', rememberMe: true });
    const queryClient = createQueryClient();
    await queryClient.query(verifyQueryOptions(true));
    expect(api.calls.map((c) => c.headers)).toEqual([
      { Authorization: 'Bearer old' },
      { Authorization: 'Bearer new' },
    ]);
    await queryClient.query({ ...verifyQueryOptions(true), staleTime: 0 });
    expect(api.calls).toHaveLength(3);
  });

  it('is not sent without a token, nor offline (the query then waits for the network and asks afresh)', () => {
    startEarlyVerify();
    signIn({ token: 'tok', rememberMe: true });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    startEarlyVerify();
    expect(api.calls).toEqual([]);
    expect(takeEarlyVerify('tok')).toBeNull();
  });
});
