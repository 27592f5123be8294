import { fireEvent, screen } from '@testing-library/react';
import type { Photo } from '@toolkit/contracts/photos.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import { installFetchMock, text } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PhotoCard } from './photo-card.tsx';

const api = installFetchMock();

// fetch's Response (Node's) hands out Node Blobs, which jsdom's FileReader cannot read: the
// mocked answers give the page's own Blob, as a browser would.
beforeEach(() => {
  vi.spyOn(Response.prototype, 'blob').mockImplementation(async function (this: Response) {
    return new Blob([await this.arrayBuffer()], { type: 'image/jpeg' });
  });
});

const PHOTO: Photo = {
  id: 12,
  vehicleId: 7,
  photoUrl: '/api/photos/12/image',
  thumbnailUrl: '/api/photos/12/thumbnail',
  contentHash: null,
  photoType: 'device',
  description: 'GPS unit behind the dash',
  deviceId: 'GPS-0042',
  takenBy: 1,
  takenAt: '2026-11-24T09:30:00.000Z',
  uploadedToNavigator: false,
  navigatorUploadedAt: null,
};

function renderCard() {
  api.on('GET', PHOTO.thumbnailUrl, text('thumb-bytes', 200));
  api.on('GET', PHOTO.photoUrl, text('full-bytes', 200));
  renderWithProviders(
    <ul>
      <PhotoCard photo={PHOTO} />
    </ul>,
  );
}

describe('PhotoCard', { timeout: 20_000 }, () => {
  it('shows the thumbnail (not the full photo) with its type, device and description', async () => {
    renderCard();
    expect(await screen.findByRole('img', { name: 'Device photo thumbnail' })).toBeInTheDocument();
    expect(screen.getByText('Device GPS-0042')).toBeInTheDocument();
    expect(screen.getByText('GPS unit behind the dash')).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toEqual([PHOTO.thumbnailUrl]);
  });

  it('opens the full-size photo on tap', async () => {
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: /^Open Device photo from / }));
    expect(await screen.findByRole('img', { name: 'Device photo, full size' })).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toContain(PHOTO.photoUrl);
  });

  it('deletes only after the confirmation', async () => {
    api.on('DELETE', '/api/photos/12', text('', 204));
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: /^Delete Device photo from / }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete photo?' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(getToasts()[0]?.title).toBe('Photo Deleted'));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/photos/12']);
  });
});
