import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@toolkit/contracts/photos.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';

/** A JPEG-looking body of about `size` bytes (the server stores and serves bytes, it does not decode). */
function jpeg(size: number): { bytes: Buffer; dataUrl: string } {
  const bytes = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    randomBytes(size),
    Buffer.from([0xff, 0xd9]),
  ]);
  return { bytes, dataUrl: `data:image/jpeg;base64,${bytes.toString('base64')}` };
}

describe('photo images: lists carry URLs, images are served to the agency only', () => {
  let ctx: TestContext;
  let demo: string;
  let rival: string;
  let vehicleId: number;

  const get = (url: string, token: string | null) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const save = async (body: object): Promise<Photo> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: bearer(demo),
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    return res.json<Photo>();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    demo = (await login(ctx, 'demo')).token;
    rival = (await login(ctx, 'rival')).token;
    const [agency] = await clientsOf(ctx, demo);
    if (!agency) throw new Error('fixture: no agency');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(demo),
      payload: {
        vehicleId: 'PHOTO-20',
        description: null,
        clientId: agency.id,
        route: null,
        status: 'active',
      },
    });
    expect(created.statusCode).toBe(201);
    vehicleId = created.json<Vehicle>().id;
  });
  afterAll(() => ctx.close());

  it('serves the photo and its capture-time thumbnail as image/jpeg, byte for byte', async () => {
    const full = jpeg(60_000);
    const thumb = jpeg(3_000);
    const photo = await save({
      vehicleId,
      photoData: full.dataUrl,
      thumbnailData: thumb.dataUrl,
      photoType: 'device',
    });
    expect(photo).not.toHaveProperty('photoData');
    expect(photo.photoUrl).toBe(`/api/photos/${String(photo.id)}/image`);
    expect(photo.thumbnailUrl).toBe(`/api/photos/${String(photo.id)}/thumbnail`);
    expect(photo.contentHash).toBe(createHash('sha256').update(full.bytes).digest('hex'));

    const image = await get(photo.photoUrl, demo);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(full.bytes)).toBe(true);
    const small = await get(photo.thumbnailUrl, demo);
    expect(small.headers['content-type']).toBe('image/jpeg');
    expect(small.rawPayload.equals(thumb.bytes)).toBe(true);
  });

  it('uses the photo as its own thumbnail when none was sent', async () => {
    const full = jpeg(2_000);
    const photo = await save({ vehicleId, photoData: full.dataUrl, photoType: 'before' });
    expect((await get(photo.thumbnailUrl, demo)).rawPayload.equals(full.bytes)).toBe(true);
  });

  it('answers 404 to another agency and 401 without a token, for the image and the thumbnail', async () => {
    const photo = await save({ vehicleId, photoData: jpeg(1_000).dataUrl, photoType: 'issue' });
    for (const url of [photo.photoUrl, photo.thumbnailUrl]) {
      const theirs = await get(url, rival);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: 'Photo not found' });
      expect((await get(url, null)).statusCode).toBe(401);
    }
    expect((await get('/api/photos/99999999/image', demo)).statusCode).toBe(404);
  });

  it('refuses a thumbnail that is not a JPEG', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: bearer(demo),
      payload: {
        vehicleId,
        photoData: jpeg(500).dataUrl,
        thumbnailData: 'data:image/png;base64,iVBORw0KGgo=',
        photoType: 'after',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Photo must be JPEG image data');
  });

  it('lists 20 full-size photos of a vehicle in under 10 KB', async () => {
    const before = (await get(`/api/photos/vehicle/${String(vehicleId)}`, demo)).json<Photo[]>().length;
    for (let i = before; i < 20; i += 1)
      await save({
        vehicleId,
        photoData: jpeg(200_000).dataUrl,
        thumbnailData: jpeg(4_000).dataUrl,
        photoType: 'during',
        description: `Harness step ${String(i)}`,
        deviceId: `GPS-${String(i)}`,
      });
    const list = await get(`/api/photos/vehicle/${String(vehicleId)}`, demo);
    expect(list.json<Photo[]>()).toHaveLength(20);
    expect(list.rawPayload.length).toBeLessThan(10 * 1024);
  });
});
