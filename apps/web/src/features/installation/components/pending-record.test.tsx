import { act, screen, within } from '@testing-library/react';
import type { Note } from '@toolkit/contracts/notes.ts';
import type { Photo } from '@toolkit/contracts/photos.ts';
import { describe, expect, it, vi } from 'vitest';
import { enqueue, flush, pendingEntries } from '../../../lib/outbox/outbox.ts';
import { installFetchMock, json, networkError } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NoteSection } from './note-section.tsx';
import { PhotoSection } from './photo-section.tsx';

const api = installFetchMock();
const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';

const keepNote = (vehicleId: number, content: string) =>
  enqueue({
    label: `Issue note: ${content}`,
    method: 'POST',
    url: '/api/notes',
    body: { vehicleId, noteType: 'issue', content, deviceId: null },
    keyPrefix: 'note',
  });

describe('the installation record marks what waits on this phone', { timeout: 20_000 }, () => {
  it('lists a note kept offline as pending, for its vehicle only, until the server has it', async () => {
    api.on('GET', '/api/notes/vehicle/7', json<Note[]>([]));
    await keepNote(7, 'Harness rerouted behind panel');
    await keepNote(8, 'Another bus');
    await pendingEntries();
    renderWithProviders(<NoteSection vehicleId={7} />);
    const pending = await screen.findByRole('list', { name: 'Notes waiting to be sent' });
    expect(within(pending).getAllByRole('listitem')).toHaveLength(1);
    expect(pending).toHaveTextContent('Harness rerouted behind panel');
    expect(pending).toHaveTextContent('Saved on this device — will be sent when online');
    expect(pending).not.toHaveTextContent('Another bus');

    // The connection returns: the server takes both; the pending list goes.
    api.on('POST', '/api/notes', json({}, 201));
    await act(async () => {
      await flush();
    });
    expect(screen.queryByRole('list', { name: 'Notes waiting to be sent' })).not.toBeInTheDocument();
  });

  it('shows a photo kept offline as a thumbnail marked pending', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    api.on('GET', '/api/photos/vehicle/7', json<Photo[]>([])).on('POST', '/api/photos', networkError());
    await enqueue({
      label: 'Photo: before',
      method: 'POST',
      url: '/api/photos',
      body: { vehicleId: 7, photoData: JPEG, thumbnailData: null, photoType: 'before', description: 'Dash' },
      keyPrefix: 'photo',
    });
    await pendingEntries();
    renderWithProviders(<PhotoSection vehicle={{ id: 7, vehicleId: '1001' }} />);
    const pending = await screen.findByRole('list', { name: 'Photos waiting to be sent' });
    expect(
      within(pending).getByRole('img', { name: 'Before photo thumbnail, not sent yet' }),
    ).toHaveAttribute('src', JPEG);
    expect(pending).toHaveTextContent('Dash');
    vi.restoreAllMocks();
  });
});
