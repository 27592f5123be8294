import { afterEach, describe, expect, it } from 'vitest';
import { apiError, installFetchMock, json, networkError } from '../../test/mock-fetch.ts';
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
});
