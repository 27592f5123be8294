import { PLATFORM_RIGHTS_CODES, PLATFORM_RIGHTS_MESSAGES } from '@toolkit/contracts/auth.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFetchMock, json, networkError } from '../../test/mock-fetch.ts';
import { backoffMs, discard, enqueue, flush, onSent, pendingEntries, retry, sendNow } from './outbox.ts';
import { setOutboxOwner } from './owner.ts';
import { SAVED_OFFLINE, submitWrite } from './submit.ts';

const api = installFetchMock();
afterEach(() => setOutboxOwner(null));

const note = (content: string) => ({
  label: `Note ${content}`,
  method: 'POST' as const,
  url: '/api/notes',
  body: { content },
  keyPrefix: 'note',
});

describe('outbox', () => {
  it("sends an installer's writes only while they are signed in, never under another's name", async () => {
    api.on('POST', '/api/notes', json({ ok: true }, 201));
    setOutboxOwner({ id: 1, name: 'Ana' });
    await enqueue(note('by Ana'));
    // Ana's session ended; Ben signs in on the same phone and makes his own note.
    setOutboxOwner({ id: 2, name: 'Ben' });
    await enqueue(note('by Ben'));
    const left = await flush();
    expect(api.calls.map((c) => c.body)).toEqual([{ content: 'by Ben' }]);
    expect(left.map((e) => [e.label, e.owner?.name, e.state])).toEqual([['Note by Ana', 'Ana', 'waiting']]);
    // Ana signs in again: hers goes, once.
    setOutboxOwner({ id: 1, name: 'Ana' });
    expect(await flush()).toEqual([]);
    expect(api.calls.map((c) => c.body)).toEqual([{ content: 'by Ben' }, { content: 'by Ana' }]);
  });

  it('a screen that fails on a sent write does not make the write look refused', async () => {
    api.on('POST', '/api/notes', json({ ok: true }, 201));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = onSent(() => {
      throw new Error('the screen broke');
    });
    try {
      await enqueue(note('kept'));
      expect(await flush()).toEqual([]);
      expect(api.calls).toHaveLength(1);
      expect(warn).toHaveBeenCalled();
    } finally {
      stop();
    }
  });

  it('sends in the order the writes were made, each with the key fixed when it was made', async () => {
    api.on('POST', '/api/notes', json({ ok: true }, 201));
    const a = await enqueue(note('first'));
    const b = await enqueue(note('second'));
    expect(await flush()).toEqual([]);
    expect(api.calls.map((c) => [c.body, c.headers['Idempotency-Key']])).toEqual([
      [{ content: 'first' }, a.idempotencyKey],
      [{ content: 'second' }, b.idempotencyKey],
    ]);
  });

  it('without signal keeps everything, in order, and backs off; then sends each once with the same key', async () => {
    api.on('POST', '/api/notes', networkError());
    const a = await enqueue(note('first'));
    await enqueue(note('second'));
    let now = 1_000_000;
    const left = await flush(() => now);
    expect(left.map((e) => [e.body, e.state, e.attempts])).toEqual([
      [{ content: 'first' }, 'waiting', 1],
      [{ content: 'second' }, 'waiting', 0],
    ]);
    // The second waits behind the first: one attempt only.
    expect(api.calls).toHaveLength(1);
    expect(left[0]?.nextAt).toBe(now + backoffMs(1));
    // Before the backoff ends nothing is tried.
    await flush(() => now + 10);
    expect(api.calls).toHaveLength(1);

    api.on('POST', '/api/notes', json({ ok: true }, 201));
    now += backoffMs(1);
    expect(await flush(() => now)).toEqual([]);
    expect(api.calls.filter((c) => c.headers['Idempotency-Key'] === a.idempotencyKey)).toHaveLength(2);
    expect(api.calls).toHaveLength(3);
  });

  it('Send now tries what waits at once, whatever its backoff', async () => {
    api.on('POST', '/api/notes', networkError());
    await enqueue(note('after the dead zone'));
    const [waiting] = await flush();
    expect(waiting?.nextAt).toBeGreaterThan(Date.now());
    // The signal is back long before the next try is due: the installer presses Send now.
    api.on('POST', '/api/notes', json({ ok: true }, 201));
    expect(await sendNow()).toEqual([]);
    expect(api.calls).toHaveLength(2);
  });

  it('keeps a write the server refuses, with its reason, until retried or discarded; the rest goes on', async () => {
    api.on('POST', '/api/notes', (call) =>
      (call.body as { content: string }).content === 'bad'
        ? apiError(400, 'VALIDATION_ERROR', 'Content required')
        : json({ ok: true }, 201),
    );
    await enqueue(note('bad'));
    await enqueue(note('good'));
    const left = await flush();
    expect(left.map((e) => [e.body, e.state, e.error])).toEqual([
      [{ content: 'bad' }, 'refused', 'Content required'],
    ]);
    expect(api.calls).toHaveLength(2);
    const [refused] = left;
    if (!refused) throw new Error('expected a refused entry');
    await retry(refused.id);
    expect((await pendingEntries())[0]?.attempts).toBe(2);
    await discard(refused.id);
    expect(await pendingEntries()).toEqual([]);
  });

  it('a 401 (the session ended meanwhile) keeps the writes waiting, untried and in line, until a sign-in', async () => {
    api.on('POST', '/api/notes', apiError(401, 'UNAUTHORIZED', 'Authentication required'));
    const a = await enqueue(note('first'));
    await enqueue(note('second'));
    let now = 1_000_000;
    const left = await flush(() => now);
    expect(left.map((e) => [e.body, e.state, e.attempts, e.error])).toEqual([
      [{ content: 'first' }, 'waiting', 0, null],
      [{ content: 'second' }, 'waiting', 0, null],
    ]);
    // The second is not tried: it would get the same answer.
    expect(api.calls).toHaveLength(1);

    api.on('POST', '/api/notes', json({ ok: true }, 201));
    now += backoffMs(1);
    expect(await flush(() => now)).toEqual([]);
    expect(api.calls.filter((c) => c.headers['Idempotency-Key'] === a.idempotencyKey)).toHaveLength(2);
    expect(api.calls).toHaveLength(3);
  });

  it('a write made offline is saved, not failed; online it answers the server at once', async () => {
    api.on('POST', '/api/notes', networkError());
    const parse = (answer: unknown) => answer as { ok: boolean };
    const queued = await submitWrite(note('offline'), parse);
    expect(queued.status).toBe('queued');
    expect(SAVED_OFFLINE).toBe('Saved on this device — will be sent when online');
    api.on('POST', '/api/notes', json({ ok: true }, 201));
    // The earlier one waits for its backoff; a flush after it sends both.
    await flush(() => Date.now() + backoffMs(1));
    const sent = await submitWrite(note('online'), parse);
    expect(sent).toEqual({ status: 'sent', answer: { ok: true } });
    expect(await pendingEntries()).toEqual([]);
  });

  it('a refusal while the user is there is thrown for the form, not kept', async () => {
    api.on('POST', '/api/notes', apiError(422, 'VALIDATION_ERROR', 'Please enter note content.'));
    await expect(submitWrite(note(''), (a) => a)).rejects.toThrow('Please enter note content.');
    expect(await pendingEntries()).toEqual([]);
  });
  it("the toolkit's platform access lapsing (503 PROVIDER_AUTH) is waiting, never failed: kept and sent once renewed", async () => {
    const lapsed = apiError(503, 'PROVIDER_AUTH', PLATFORM_RIGHTS_MESSAGES.platformAccessLapsed);
    api.on('POST', '/api/notes', lapsed);
    // Made on a screen: saved, not thrown at the form as a failure.
    const queued = await submitWrite(note('during the lapse'), (a) => a);
    expect(queued.status).toBe('queued');
    await enqueue(note('after it'));
    // Tried again when its backoff ends: the same answer, still waiting (the later one behind it).
    let now = Date.now() + backoffMs(1);
    const left = await flush(() => now);
    expect(left.map((e) => [e.body, e.state, e.error])).toEqual([
      [{ content: 'during the lapse' }, 'waiting', null],
      [{ content: 'after it' }, 'waiting', null],
    ]);
    // The later one waited behind it, untried (order is kept).
    expect(api.calls).toHaveLength(2);
    // An administrator renews it: both go, in order, each with its key.
    api.on('POST', '/api/notes', json({ ok: true }, 201));
    now += 60 * 60 * 1000;
    expect(await flush(() => now)).toEqual([]);
    expect(api.calls.slice(-2).map((c) => c.body)).toEqual([
      { content: 'during the lapse' },
      { content: 'after it' },
    ]);
  });

  it.each(Object.entries(PLATFORM_RIGHTS_CODES))(
    "a refusal by the user's own platform rights (403 %s) is refused with the server's words, not retried",
    async (right, code) => {
      const message = PLATFORM_RIGHTS_MESSAGES[right as keyof typeof PLATFORM_RIGHTS_CODES];
      api.on('POST', '/api/notes', apiError(403, code, message));
      await enqueue(note('kept'));
      const [refused, ...rest] = await flush();
      expect(rest).toEqual([]);
      expect([refused?.state, refused?.error]).toEqual(['refused', message]);
      // Not tried again by itself.
      await flush(() => Date.now() + 60 * 60 * 1000);
      expect(api.calls).toHaveLength(1);
      // Made on a screen: the form shows the refusal, nothing is shown as saved or kept.
      await expect(submitWrite(note('on a screen'), (a) => a)).rejects.toThrow(message);
      expect((await pendingEntries()).map((e) => e.body)).toEqual([{ content: 'kept' }]);
    },
  );
});
