import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { installFetchMock, json } from '../../test/mock-fetch.ts';
import { setToken } from '../storage.ts';
import { enqueue, pendingEntries } from './outbox.ts';
import { startOutbox } from './runner.ts';

const api = installFetchMock();

describe('startOutbox', () => {
  it('sends nothing while no one is signed in; after a sign-in the kept write goes', async () => {
    api.on('POST', '/api/mood-entries', json({ ok: true }, 201));
    await enqueue({
      label: 'Mood 🙂 Good logged',
      method: 'POST',
      url: '/api/mood-entries',
      body: { moodLabel: 'Good' },
      keyPrefix: 'mood',
    });
    onTestFinished(startOutbox(new QueryClient()));
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
});
