import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCurrentUser, useStoredToken } from '../features/auth/session-store.ts';
import { getSelectedClientId } from '../lib/storage.ts';
import { DEMO_USER } from './fixtures.ts';
import { apiError, deferred, installFetchMock, json, networkError, text } from './mock-fetch.ts';
import { renderWithProviders, TEST_TOKEN } from './render.tsx';

const api = installFetchMock();

async function bodyOf(response: Response): Promise<unknown> {
  return JSON.parse(await response.text()) as unknown;
}

describe('the fetch mock', () => {
  it('answers a route by method and URL with a fresh response each time, and records the calls', async () => {
    api.on('POST', '/api/things?x=1', json({ ok: true }, 201));
    const init = { method: 'POST', headers: { 'X-Key': 'k' }, body: '{"a":1}' };
    const first = await fetch('/api/things?x=1', init);
    const second = await fetch('/api/things?x=1', init);
    expect(first.status).toBe(201);
    expect(await bodyOf(first)).toEqual({ ok: true });
    expect(await bodyOf(second)).toEqual({ ok: true });
    expect(api.calls).toHaveLength(2);
    expect(api.lastCall()).toMatchObject({
      method: 'POST',
      url: '/api/things?x=1',
      headers: { 'X-Key': 'k' },
      body: { a: 1 },
      rawBody: '{"a":1}',
    });
  });

  it('answers an unrouted call, or another method, with a 404 in the server error shape', async () => {
    api.on('GET', '/api/things', json([]));
    const response = await fetch('/api/things', { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await bodyOf(response)).toEqual({
      code: 'NOT_FOUND',
      message: 'No mocked answer for DELETE /api/things',
    });
    api.otherwise(text('gone', 410));
    expect((await fetch('/api/other')).status).toBe(410);
  });

  it('lets a later route win, and a once-route answer only the next call', async () => {
    api
      .on('GET', '/api/x', json(1))
      .on('GET', '/api/x', json(2))
      .once('GET', '/api/x', apiError(503, 'DOWN', 'down'));
    const failed = await fetch('/api/x');
    expect(failed.status).toBe(503);
    expect(await bodyOf(failed)).toEqual({ code: 'DOWN', message: 'down' });
    expect(await bodyOf(await fetch('/api/x'))).toBe(2);
    expect(api.callsTo('GET', '/api/x')).toHaveLength(2);
  });

  it('computes an answer from the call, simulates a network failure and holds an answer back', async () => {
    api.on('POST', '/api/echo', (call) => json(call.body));
    expect(await bodyOf(await fetch('/api/echo', { method: 'POST', body: '{"n":3}' }))).toEqual({ n: 3 });

    api.on('GET', '/api/down', networkError());
    await expect(fetch('/api/down')).rejects.toThrow(new TypeError('Failed to fetch'));

    const gate = deferred();
    api.on('GET', '/api/slow', gate.answer);
    let settled = false;
    const pending = fetch('/api/slow').then((r) => {
      settled = true;
      return r;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    gate.resolve(text('late', 200));
    expect(await (await pending).text()).toBe('late');
  });

  it('starts every test with no routes and no calls', () => {
    expect(api.calls).toEqual([]);
    expect(() => api.lastCall()).toThrow('fetch was not called');
  });
});

function SessionProbe() {
  const user = useCurrentUser();
  const token = useStoredToken();
  return (
    <p>{`${user?.name ?? 'nobody'} / ${token ?? 'no token'} / client ${String(getSelectedClientId())}`}</p>
  );
}

describe('renderWithProviders', () => {
  it('signs the user in, selects the client and starts at the route', () => {
    const { router } = renderWithProviders(<SessionProbe />, {
      user: DEMO_USER,
      clientId: 3,
      route: '/vehicles?filter=online',
    });
    expect(screen.getByText(`Dana Installer / ${TEST_TOKEN} / client 3`)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?filter=online');
  });

  it('leaves nothing of the previous test’s session', () => {
    renderWithProviders(<SessionProbe />);
    expect(screen.getByText('nobody / no token / client null')).toBeInTheDocument();
  });
});
