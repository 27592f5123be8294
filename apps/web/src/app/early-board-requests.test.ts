import { afterEach, describe, expect, it, vi } from 'vitest';
import { getFromPath } from '../lib/api-client.ts';
import { apiError, deferred, installFetchMock, json, networkError } from '../test/mock-fetch.ts';
import { signIn } from '../test/render.tsx';
import { startBoardRequests } from './early-board-requests.ts';

const api = installFetchMock();
const signal = new AbortController().signal;
const BOARD = ['/api/campaigns/4', '/api/campaigns/4/summary', '/api/campaigns/4/stock'];

afterEach(() => {
  vi.restoreAllMocks();
  // Whatever a test left untaken goes, so the next one starts with nothing.
  for (const early of window.toolkitEarlyGets?.values() ?? []) early.response.catch(() => undefined);
  window.toolkitEarlyGets?.clear();
});

function answerTheBoard() {
  api.on('GET', '/api/campaigns/4', json({ id: 4 }));
  api.on('GET', '/api/campaigns/4/summary', json({ total: 1000 }));
  api.on('GET', '/api/campaigns/4/stock', json({ types: [] }));
}

describe('startBoardRequests (decision 055)', () => {
  it('asks nothing of the server when no one is signed in', () => {
    startBoardRequests('/campaigns/4');
    expect(api.calls).toHaveLength(0);
  });

  it('asks for the campaign, its summary and its stock at once, as the stored user', () => {
    signIn({ token: 'abc', rememberMe: true });
    answerTheBoard();
    startBoardRequests('/campaigns/4');
    expect(api.calls.map((c) => c.url)).toEqual(BOARD);
    expect(api.calls.every((c) => c.headers.Authorization === 'Bearer abc')).toBe(true);
  });

  it('the app takes each answer where it asks, once; a later request goes to the server', async () => {
    signIn({ token: 'abc' });
    const summary = deferred();
    api.on('GET', '/api/campaigns/4', json({ id: 4 }));
    api.on('GET', '/api/campaigns/4/summary', summary.answer);
    api.on('GET', '/api/campaigns/4/stock', json({ types: [] }));
    startBoardRequests('/campaigns/4');
    // Asked for before the answer is in: the app waits for the same request.
    const taken = getFromPath('/api/campaigns/4/summary', signal);
    summary.resolve(json({ total: 1000 }));
    expect(await (await taken).json()).toEqual({ total: 1000 });
    expect(api.calls).toHaveLength(3);
    await getFromPath('/api/campaigns/4/summary', signal);
    expect(api.callsTo('GET', '/api/campaigns/4/summary')).toHaveLength(2);
  });

  it('gives an answer only to a request with the same token', async () => {
    signIn({ token: 'abc', rememberMe: true });
    answerTheBoard();
    startBoardRequests('/campaigns/4');
    signIn({ token: 'other', rememberMe: true });
    await getFromPath('/api/campaigns/4', signal);
    expect(api.callsTo('GET', '/api/campaigns/4').map((c) => c.headers.Authorization)).toEqual([
      'Bearer abc',
      'Bearer other',
    ]);
  });

  it('drops an answer not taken within 10 s: it is never shown late', async () => {
    signIn({ token: 'abc', rememberMe: true });
    answerTheBoard();
    const now = Date.now();
    startBoardRequests('/campaigns/4');
    vi.spyOn(Date, 'now').mockReturnValue(now + 20_000);
    await getFromPath('/api/campaigns/4/summary', signal);
    expect(api.callsTo('GET', '/api/campaigns/4/summary')).toHaveLength(2);
  });

  it('hands over a refusal as the server gave it, and a network failure as fetch raises it', async () => {
    signIn({ token: 'abc', rememberMe: true });
    api.on('GET', '/api/campaigns/4', apiError(403, 'FORBIDDEN', 'Supervisors only'));
    api.on('GET', '/api/campaigns/4/summary', networkError());
    api.on('GET', '/api/campaigns/4/stock', json({ types: [] }));
    startBoardRequests('/campaigns/4');
    expect((await getFromPath('/api/campaigns/4', signal)).status).toBe(403);
    await expect(getFromPath('/api/campaigns/4/summary', signal)).rejects.toThrow(TypeError);
  });

  it('asks nothing while the phone knows it is offline (the app then waits for the network)', () => {
    signIn({ token: 'abc', rememberMe: true });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    startBoardRequests('/campaigns/4');
    expect(api.calls).toHaveLength(0);
  });
});
