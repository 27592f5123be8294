import { describe, expect, it } from 'vitest';
import { installFetchMock, networkError } from '../../../test/mock-fetch.ts';
import { pendingEntries, shownEntries } from '../../../lib/outbox/outbox.ts';
import { setOutboxOwner } from '../../../lib/outbox/owner.ts';
import { createNote } from './create-note.ts';

const api = installFetchMock();

describe('createNote without signal', () => {
  it('keeps the note and its log entry, and the pending list shows them as one change', async () => {
    api.on('POST', '/api/notes', networkError());
    api.on('POST', '/api/logs', networkError());
    const result = await createNote({ vehicleId: 7, noteType: 'general', content: 'Mounted the router' });
    expect(result.status).toBe('queued');
    const kept = await pendingEntries();
    // Both writes wait, the note first, each with its own key.
    expect(kept.map((e) => e.url)).toEqual(['/api/notes', '/api/logs']);
    expect(new Set(kept.map((e) => e.idempotencyKey)).size).toBe(2);
    // One thing the installer did: one line.
    expect(shownEntries(kept).map((e) => e.label)).toEqual(['general note: Mounted the router']);
  });

  it("names its maker, §7's createdBy, as the outbox's owner", async () => {
    setOutboxOwner({ id: 42, name: 'demo' });
    api.on('POST', '/api/notes', networkError());
    api.on('POST', '/api/logs', networkError());
    await createNote({ vehicleId: 7, noteType: 'issue', content: 'Loose bracket' });
    const [note] = (await pendingEntries()).filter((e) => e.url === '/api/notes');
    expect(note?.body).toEqual({
      vehicleId: 7,
      noteType: 'issue',
      content: 'Loose bracket',
      deviceId: null,
      createdBy: 42,
    });
    setOutboxOwner(null);
  });

  it('shows the log entry on its own once the note is gone, or when the server refused it', () => {
    const base = {
      method: 'POST' as const,
      body: null,
      createdAt: '2026-11-26T10:00:00.000Z',
      attempts: 0,
      nextAt: 0,
      error: null,
      invalidate: [],
    };
    const log = { ...base, id: 'log', label: 'Log', url: '/api/logs', idempotencyKey: 'k2', follows: 'note' };
    expect(shownEntries([{ ...log, state: 'waiting' }]).map((e) => e.id)).toEqual(['log']);
    const note = { ...base, id: 'note', label: 'Note', url: '/api/notes', idempotencyKey: 'k1' };
    expect(
      shownEntries([
        { ...note, state: 'refused' },
        { ...log, state: 'refused' },
      ]).map((e) => e.id),
    ).toEqual(['note', 'log']);
  });
});
