import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { installFetchMock, json, networkError } from '../../test/mock-fetch.ts';
import { setToken } from '../storage.ts';
import { enqueue, flush, pendingEntries } from './outbox.ts';
import { startOutbox } from './runner.ts';

const api = installFetchMock();

/** A write the outbox keeps: a mood logged at the end of a job. */
const MOOD = {
  label: 'Mood 🙂 Good logged',
  method: 'POST' as const,
  url: '/api/mood-entries',
  body: { moodLabel: 'Good' },
  keyPrefix: 'mood',
};

describe('startOutbox', () => {
  it('sends nothing while no one is signed in; after a sign-in the kept write goes', async () => {
    api.on('POST', '/api/mood-entries', json({ ok: true }, 201));
    await enqueue(MOOD);
    onTestFinished(startOutbox());
    // Opened on the sign-in screen: the connection is there, the write waits (never a 401, never refused).
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await pendingEntries()).toHaveLength(1));
    expect(api.calls).toEqual([]);

    setToken('fresh-token', false);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await pendingEntries()).toEqual([]));
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.headers.Authorization).toBe('Bearer fresh-token');
  });

  it('when the connection returns, what waits goes at once, not when its backoff ends', async () => {
    setToken('a-token', false);
    api.on('POST', '/api/mood-entries', networkError());
    await enqueue(MOOD);
    // Tried in the dead zone: the next try is seconds away, and more after each.
    const [waiting] = await flush();
    expect(waiting?.nextAt).toBeGreaterThan(Date.now());
    api.on('POST', '/api/mood-entries', json({ ok: true }, 201));
    onTestFinished(startOutbox());
    window.dispatchEvent(new Event('online'));
    // Within a second, where the backoff alone would wait two (jsdom has no Web Locks, so the
    // app-start flush may overlap: the count of calls is not the point, the time is).
    await vi.waitFor(async () => expect(await pendingEntries()).toEqual([]), { timeout: 1000 });
    expect(new Set(api.calls.map((c) => c.headers['Idempotency-Key'])).size).toBe(1);
  });
});
