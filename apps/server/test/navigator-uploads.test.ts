import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadItem } from '@toolkit/contracts/navigator-uploads.ts';
import type { Note } from '@toolkit/contracts/notes.ts';
import type { Photo } from '@toolkit/contracts/photos.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { navigatorUploads } from '../src/db/schema/tables.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';

const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

describe('upload of photos and notes to Navigator', () => {
  let ctx: TestContext;
  let demo: string;
  let rival: string;
  let vehicle: Vehicle;
  let clientId: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = demo) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const upload = async (kind: string, id: number, token = demo) =>
    call('POST', `/api/navigator-uploads/${kind}/${String(id)}`, undefined, token);
  const received = () => ctx.simulator.inbox.list().filter((u) => u.label.includes('[UPL]'));

  beforeAll(async () => {
    ctx = await createTestContext();
    demo = (await login(ctx, 'demo')).token;
    rival = (await login(ctx, 'rival')).token;
    const [agency] = await clientsOf(ctx, demo);
    if (!agency) throw new Error('fixture: no agency');
    clientId = agency.id;
    const vehicles = (await call('GET', `/api/vehicles/client/${String(clientId)}`)).json<Vehicle[]>();
    const first = vehicles[0];
    if (!first) throw new Error('fixture: no vehicle');
    vehicle = first;
  });
  afterAll(() => ctx.close());

  it('shows each item pending, fails while Navigator is down, then uploads each exactly once', async () => {
    const photo = (
      await call('POST', '/api/photos', {
        vehicleId: vehicle.id,
        photoData: JPEG,
        photoType: 'before',
        description: '[UPL] first',
      })
    ).json<Photo>();
    const twin = (
      await call('POST', '/api/photos', {
        vehicleId: vehicle.id,
        photoData: JPEG,
        photoType: 'after',
        description: '[UPL] same bytes',
      })
    ).json<Photo>();
    const note = (
      await call('POST', '/api/notes', { vehicleId: vehicle.id, noteType: 'issue', content: 'Loose harness' })
    ).json<Note>();
    const list = (await call('GET', `/api/navigator-uploads/vehicle/${String(vehicle.id)}`)).json<
      UploadItem[]
    >();
    expect(list.map((i) => [i.kind, i.id, i.state])).toEqual([
      ['photo', photo.id, 'pending'],
      ['photo', twin.id, 'pending'],
      ['note', note.id, 'pending'],
    ]);

    ctx.simulator.setFailures({ outage: true });
    const down = (await upload('photo', photo.id)).json<UploadItem>();
    expect(down).toMatchObject({ state: 'failed', error: 'Navigator could not be reached. Please retry.' });
    ctx.simulator.setFailures({ outage: false });

    expect((await upload('photo', photo.id)).json<UploadItem>().state).toBe('uploaded');
    expect((await upload('photo', twin.id)).json<UploadItem>().state).toBe('uploaded');
    expect((await upload('photo', photo.id)).json<UploadItem>().state).toBe('uploaded');
    expect(received()).toHaveLength(1);
    const before = ctx.simulator.inbox.list().length;
    expect((await upload('note', note.id)).json<UploadItem>().state).toBe('uploaded');
    expect((await upload('note', note.id)).json<UploadItem>().state).toBe('uploaded');
    expect(
      ctx.simulator.inbox
        .list()
        .slice(before)
        .map((u) => u.kind),
    ).toEqual(['note']);

    const photos = (await call('GET', `/api/photos/vehicle/${String(vehicle.id)}`)).json<Photo[]>();
    expect(photos.filter((p) => [photo.id, twin.id].includes(p.id)).every((p) => p.uploadedToNavigator)).toBe(
      true,
    );

    // An edited note is pending again and goes once more.
    await call('PUT', `/api/notes/${String(note.id)}`, { content: 'Harness secured' });
    const edited = (await call('GET', `/api/navigator-uploads/vehicle/${String(vehicle.id)}`)).json<
      UploadItem[]
    >();
    expect(edited.find((i) => i.kind === 'note' && i.id === note.id)?.state).toBe('pending');
    expect((await upload('note', note.id)).json<UploadItem>().state).toBe('uploaded');
    expect(
      ctx.simulator.inbox
        .list()
        .slice(before)
        .map((u) => u.kind),
    ).toEqual(['note', 'note']);
  });

  it('a deleted photo or note leaves no upload record: the summary and a retry never name it', async () => {
    const photo = (
      await call('POST', '/api/photos', {
        vehicleId: vehicle.id,
        photoData: JPEG,
        photoType: 'issue',
        description: '[UPL] to be deleted',
      })
    ).json<Photo>();
    const note = (
      await call('POST', '/api/notes', { vehicleId: vehicle.id, noteType: 'general', content: 'Wrong bus' })
    ).json<Note>();
    // One uploaded, one failed: both leave a record behind them.
    expect((await upload('photo', photo.id)).json<UploadItem>().state).toBe('uploaded');
    ctx.simulator.setFailures({ outage: true });
    expect((await upload('note', note.id)).json<UploadItem>().state).toBe('failed');
    ctx.simulator.setFailures({ outage: false });
    const records = () =>
      ctx.deps.db
        .select({ kind: navigatorUploads.kind, itemId: navigatorUploads.itemId })
        .from(navigatorUploads)
        .where(eq(navigatorUploads.vehicleId, vehicle.id));
    expect(await records()).toEqual(
      expect.arrayContaining([
        { kind: 'photo', itemId: photo.id },
        { kind: 'note', itemId: note.id },
      ]),
    );

    expect((await call('DELETE', `/api/photos/${String(photo.id)}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/notes/${String(note.id)}`)).statusCode).toBe(204);

    const left = await records();
    expect(left).not.toContainEqual({ kind: 'photo', itemId: photo.id });
    expect(left).not.toContainEqual({ kind: 'note', itemId: note.id });
    const summary = (await call('GET', `/api/navigator-uploads/vehicle/${String(vehicle.id)}`)).json<
      UploadItem[]
    >();
    expect(
      summary.some(
        (i) => (i.kind === 'photo' && i.id === photo.id) || (i.kind === 'note' && i.id === note.id),
      ),
    ).toBe(false);
    expect((await upload('note', note.id)).statusCode).toBe(404);
    expect((await upload('photo', photo.id)).statusCode).toBe(404);
  });

  it('keeps other agencies out and says when a vehicle is not in Navigator yet', async () => {
    const photo = (
      await call('POST', '/api/photos', { vehicleId: vehicle.id, photoData: JPEG, photoType: 'issue' })
    ).json<Photo>();
    expect((await upload('photo', photo.id, rival)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/navigator-uploads/vehicle/${String(vehicle.id)}`, undefined, rival))
        .statusCode,
    ).toBe(404);
    expect((await upload('video', photo.id)).statusCode).toBe(400);

    const local = (
      await call('POST', '/api/vehicles', { vehicleId: 'LOCAL-UPL', clientId, route: null, status: 'active' })
    ).json<Vehicle>();
    const note = (
      await call('POST', '/api/notes', { vehicleId: local.id, noteType: 'general', content: 'Local only' })
    ).json<Note>();
    expect((await upload('note', note.id)).json<UploadItem>()).toMatchObject({
      state: 'failed',
      error: 'This vehicle is not in Navigator yet; add it there first.',
    });
  });
});
