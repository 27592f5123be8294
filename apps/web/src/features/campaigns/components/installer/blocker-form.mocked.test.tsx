import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Photo } from '@toolkit/contracts/photos.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeyOf, localIdOf, pendingEntries, sendNow } from '../../../../lib/outbox/outbox.ts';
import { DEMO_USER } from '../../../../test/fixtures.ts';
import { installFetchMock, json } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeBusDetail, sentWithoutTime } from '../../test-fixtures.ts';
import { BlockerForm } from './blocker-form.tsx';

const FRAME = 'data:image/jpeg;base64,/9j/AAAA';
const THUMB = 'data:image/jpeg;base64,/9j/BBBB';

// jsdom has no camera and no canvas: a ready camera and fixed frames stand in for them.
vi.mock('../../../../components/capture/use-camera.ts', () => ({
  useCamera: () => ({ videoRef: { current: document.createElement('video') }, state: { status: 'ready' } }),
}));
vi.mock('../../../../lib/scanner/capture-frame.ts', () => ({
  captureFrame: () => FRAME,
  captureThumbnail: () => THUMB,
}));

const api = installFetchMock();
afterEach(() => vi.restoreAllMocks());

const BUS = { busId: 77, campaignId: 5, clientId: 3, fleetNumber: '1207' };
const PHOTO: Photo = {
  id: 901,
  vehicleId: 11,
  photoUrl: '/api/photos/901/image',
  thumbnailUrl: '/api/photos/901/thumbnail',
  contentHash: null,
  photoType: 'issue',
  description: null,
  deviceId: null,
  takenBy: 1,
  takenAt: '2026-11-27T10:00:00.000Z',
  uploadedToNavigator: false,
  navigatorUploadedAt: null,
};

async function reportWithPhoto() {
  const user = userEvent.setup();
  const onDone = vi.fn();
  renderWithProviders(<BlockerForm bus={BUS} vehicleId={11} onDone={onDone} />, {
    user: DEMO_USER,
    clientId: 3,
  });
  await user.click(screen.getByRole('radio', { name: 'Wiring or power problem' }));
  await user.type(screen.getByLabelText('Note (optional)'), 'No ignition feed');
  await user.click(screen.getByRole('button', { name: 'Add a photo' }));
  await user.click(screen.getByRole('button', { name: 'Take photo' }));
  expect(screen.getByRole('img', { name: 'Photo of the blocker' })).toHaveAttribute('src', THUMB);
  await user.click(screen.getByRole('button', { name: 'Report blocker' }));
  return { onDone };
}

describe('Report a blocker with a photo', () => {
  it("saves the photo as the bus's Issue photo, then links it in the blocker", async () => {
    api
      .on('POST', '/api/photos', json(PHOTO, 201))
      .on('POST', '/api/campaign-buses/77/block', json({ ...makeBusDetail(), message: null }));
    const { onDone } = await reportWithPhoto();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/photos')[0]?.body).toEqual({
      vehicleId: 11,
      photoData: FRAME,
      thumbnailData: THUMB,
      photoType: 'issue',
      description: 'Blocker on bus 1207: Wiring or power problem — No ignition feed',
    });
    expect(sentWithoutTime(api.callsTo('POST', '/api/campaign-buses/77/block')[0]?.body)).toEqual({
      code: 'wiring_power',
      note: 'No ignition feed',
      photoId: 901,
    });
  });

  it('without signal, keeps both: the blocker waits for its photo, named by the photo’s local id', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { onDone } = await reportWithPhoto();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls).toHaveLength(0);
    const kept = await pendingEntries();
    const photo = kept.find((e) => e.url === '/api/photos');
    const block = kept.find((e) => e.url === '/api/campaign-buses/77/block');
    if (!photo || !block) throw new Error('both writes are kept');
    const localId = localIdOf(createKeyOf(photo));
    expect(localId).toBeLessThan(0);
    expect(sentWithoutTime(block.body)).toMatchObject({ code: 'wiring_power', photoId: localId });

    // Back online: the photo goes first, and the blocker names the id the server gave it.
    api
      .on('POST', '/api/photos', json(PHOTO, 201))
      .on('POST', '/api/campaign-buses/77/block', json({ ...makeBusDetail(), message: null }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await sendNow();
    expect(api.calls.map((c) => c.url)).toEqual(['/api/photos', '/api/campaign-buses/77/block']);
    expect(sentWithoutTime(api.callsTo('POST', '/api/campaign-buses/77/block')[0]?.body)).toMatchObject({
      code: 'wiring_power',
      photoId: PHOTO.id,
    });
    expect(await pendingEntries()).toHaveLength(0);
  });

  it('removes the photo before reporting: the blocker goes alone', async () => {
    const user = userEvent.setup();
    api.on('POST', '/api/campaign-buses/77/block', json({ ...makeBusDetail(), message: null }));
    renderWithProviders(<BlockerForm bus={BUS} vehicleId={11} onDone={vi.fn()} />, {
      user: DEMO_USER,
      clientId: 3,
    });
    await user.click(screen.getByRole('radio', { name: 'Parts missing' }));
    await user.click(screen.getByRole('button', { name: 'Add a photo' }));
    await user.click(screen.getByRole('button', { name: 'Take photo' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    await user.click(screen.getByRole('button', { name: 'Report blocker' }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/api/campaign-buses/77/block')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/photos')).toHaveLength(0);
    expect(sentWithoutTime(api.callsTo('POST', '/api/campaign-buses/77/block')[0]?.body)).toEqual({
      code: 'parts_missing',
      note: null,
    });
  });
});
