import { fireEvent, screen } from '@testing-library/react';
import type { Photo } from '@toolkit/contracts/photos.ts';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { getToasts } from '../../../lib/toast-store.ts';
import { stubScrollIntoView } from '../../../test/dom.ts';
import { installFetchMock, json } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PhotoCaptureDialog } from './photo-capture-dialog.tsx';

const FRAME = 'data:image/jpeg;base64,/9j/AAAA';
const THUMB = 'data:image/jpeg;base64,/9j/BBBB';

// jsdom has no camera and no canvas: a ready camera and fixed frames stand in for them.
vi.mock('../../../components/capture/use-camera.ts', () => ({
  useCamera: () => ({ videoRef: { current: document.createElement('video') }, state: { status: 'ready' } }),
}));
vi.mock('../../../lib/scanner/capture-frame.ts', () => ({
  captureFrame: () => FRAME,
  captureThumbnail: () => THUMB,
}));

const SAVED: Photo = {
  id: 1,
  vehicleId: 7,
  photoUrl: '/api/photos/1/image',
  thumbnailUrl: '/api/photos/1/thumbnail',
  contentHash: null,
  photoType: 'after',
  description: 'GPS antenna on the roof',
  deviceId: null,
  takenBy: 1,
  takenAt: '2026-11-24T10:00:00.000Z',
  uploadedToNavigator: false,
  navigatorUploadedAt: null,
};

const api = installFetchMock();

function open() {
  const onDone = vi.fn();
  renderWithProviders(
    <Dialog open>
      <PhotoCaptureDialog vehicle={{ id: 7, vehicleId: 'Bus-7' }} onDone={onDone} />
    </Dialog>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Capture' }));
  return { onDone };
}

function chooseType(label: string) {
  stubScrollIntoView();
  // Radix Select asks for pointer capture, which jsdom lacks.
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    releasePointerCapture: () => undefined,
  });
  fireEvent.keyDown(screen.getByRole('combobox', { name: 'Photo type' }), { key: 'Enter' });
  fireEvent.click(screen.getByRole('option', { name: label }));
}

describe('PhotoCaptureDialog', { timeout: 20_000 }, () => {
  it('requires a photo type and sends nothing without one', async () => {
    open();
    expect(screen.getByRole('img', { name: 'Captured photo preview' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Photo type is required')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('saves the capture with its type and trimmed description (blank as null)', async () => {
    api.on('POST', '/api/photos', json<Photo>(SAVED));
    const { onDone } = open();
    chooseType('After');
    fireEvent.change(screen.getByLabelText('Description (optional)'), {
      target: { value: '  GPS antenna on the roof ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls[0]?.body).toEqual({
      vehicleId: 7,
      photoData: FRAME,
      thumbnailData: THUMB,
      photoType: 'after',
      description: 'GPS antenna on the roof',
      deviceId: null,
    });
    expect(api.calls[0]?.headers['Idempotency-Key']).toMatch(/^photo:/);
    expect(getToasts()[0]).toMatchObject({
      title: 'Photo Saved',
      description: 'After photo saved for Bus-7.',
    });
  });

  it('Retake returns to the camera without saving', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Retake' }));
    expect(screen.getByRole('button', { name: 'Capture' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
