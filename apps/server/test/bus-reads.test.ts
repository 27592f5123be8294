import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { ConfigTest } from '@toolkit/contracts/config-tests.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { InstallationLog } from '@toolkit/contracts/logs.ts';
import type { UploadItem } from '@toolkit/contracts/navigator-uploads.ts';
import type { Note } from '@toolkit/contracts/notes.ts';
import type { Photo } from '@toolkit/contracts/photos.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { queryRows } from '../src/db/query.ts';
import { bearer, login, type TestContext } from './helpers.ts';
import { manualFeed } from './manual-feed.ts';
import { fleetOf, injector, openMetro, spareOf } from './metro-fleet.ts';

const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

/**
 * Decision 051: a bus's own reads are answered from bytes cached by its agency's revision and its
 * own; each kind of write is seen by the very next read, and another agency's user still meets 404.
 */
describe("a bus's reads, cached by revision", () => {
  let ctx: TestContext;
  let demo: string;
  let metro: Client;
  let bus: Vehicle;
  const { get, post } = injector(
    () => ctx,
    () => demo,
  );
  const send = (method: 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(demo), ...(payload ? { payload } : {}) });

  const id = () => String(bus.id);
  const reads = () => ({
    vehicle: `/api/vehicles/${id()}`,
    devices: `/api/devices/vehicle/${id()}`,
    notes: `/api/notes/vehicle/${id()}`,
    photos: `/api/photos/vehicle/${id()}`,
    log: `/api/logs?vehicleId=${id()}`,
    tests: `/api/config/test/vehicle/${id()}`,
    uploads: `/api/navigator-uploads/vehicle/${id()}`,
  });

  /** Reads every read of the bus twice (the second from the cache), and answers the second. */
  async function warm(): Promise<void> {
    for (const url of Object.values(reads())) {
      expect((await get(url)).status).toBe(200);
      expect((await get(url)).status).toBe(200);
    }
  }

  /** The read's body, after checking it answered 200 (the caller names the type it expects). */
  const body = async <T>(url: string) => {
    const res = await get<T>(url);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    ({ ctx, demo, metro } = await openMetro());
    const { vehicles } = await fleetOf(get, metro);
    const found = vehicles.find((v) => !v.isLocal && v.deviceCount > 0);
    if (!found) throw new Error('fixture: no mirrored bus with devices');
    bus = found;
  });
  afterAll(() => ctx.close());

  it('answers the same as the agency list, with an ETag, and 304 to it', async () => {
    await warm();
    const list = (await fleetOf(get, metro)).vehicles.find((v) => v.id === bus.id);
    expect(await body<Vehicle>(reads().vehicle)).toEqual(list);
    const devices = (await fleetOf(get, metro)).devices.filter((d) => d.vehicleId === bus.id);
    const mine = await body<Device[]>(reads().devices);
    expect(mine.map((d) => d.id).sort()).toEqual(devices.map((d) => d.id).sort());
    for (const url of Object.values(reads())) {
      const first = await ctx.app.inject({ method: 'GET', url, headers: bearer(demo) });
      expect(first.headers.etag).toMatch(/^W\/"/);
      const again = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(demo), 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('shows a note added, edited and deleted at the next read (with and without Idempotency-Key)', async () => {
    await warm();
    const note = await post<Note>('/api/notes', {
      vehicleId: bus.id,
      noteType: 'issue',
      content: 'Loose ground',
    });
    expect(note.status).toBe(201);
    expect((await body<Note[]>(reads().notes)).map((n) => n.id)).toContain(note.body.id);
    expect(
      (await body<UploadItem[]>(reads().uploads)).some((i) => i.kind === 'note' && i.id === note.body.id),
    ).toBe(true);
    const keyed = await ctx.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { ...bearer(demo), 'idempotency-key': 'bus-reads-note-0001' },
      payload: { vehicleId: bus.id, noteType: 'general', content: 'Keyed note' },
    });
    expect(keyed.statusCode).toBe(201);
    expect((await body<Note[]>(reads().notes)).map((n) => n.content)).toContain('Keyed note');
    expect(
      (await send('PUT', `/api/notes/${String(note.body.id)}`, { content: 'Tightened' })).statusCode,
    ).toBe(200);
    expect((await body<Note[]>(reads().notes)).find((n) => n.id === note.body.id)?.content).toBe('Tightened');
    expect((await send('DELETE', `/api/notes/${String(note.body.id)}`)).statusCode).toBe(204);
    expect((await body<Note[]>(reads().notes)).map((n) => n.id)).not.toContain(note.body.id);
  });

  it('shows a photo added and deleted at the next read', async () => {
    await warm();
    const photo = await post<Photo>('/api/photos', {
      vehicleId: bus.id,
      photoData: JPEG,
      photoType: 'device',
      description: 'Behind the panel',
    });
    expect(photo.status).toBe(201);
    expect((await body<Photo[]>(reads().photos)).map((p) => p.id)).toContain(photo.body.id);
    expect(
      (await body<UploadItem[]>(reads().uploads)).filter((i) => i.kind === 'photo').map((i) => i.id),
    ).toContain(photo.body.id);
    expect((await send('DELETE', `/api/photos/${String(photo.body.id)}`)).statusCode).toBe(204);
    expect((await body<Photo[]>(reads().photos)).map((p) => p.id)).not.toContain(photo.body.id);
  });

  it('shows an upload to Navigator in the notes and the upload states at the next read', async () => {
    const note = await post<Note>('/api/notes', {
      vehicleId: bus.id,
      noteType: 'general',
      content: 'To upload',
    });
    await warm();
    const uploaded = await post<UploadItem>(`/api/navigator-uploads/note/${String(note.body.id)}`, {});
    expect(uploaded.status).toBe(200);
    expect((await body<Note[]>(reads().notes)).find((n) => n.id === note.body.id)?.uploadedToNavigator).toBe(
      true,
    );
    const item = (await body<UploadItem[]>(reads().uploads)).find(
      (i) => i.kind === 'note' && i.id === note.body.id,
    );
    expect(item?.state).toBe('uploaded');
  });

  it('shows a device assigned and unassigned, on the vehicle, its devices and its log, at the next read', async () => {
    await warm();
    const spare = spareOf((await fleetOf(get, metro)).devices);
    const before = await body<Vehicle>(reads().vehicle);
    const assigned = await post('/api/devices/assign', {
      deviceIds: [spare.deviceId],
      vehicleId: bus.id,
      clientId: metro.id,
    });
    expect(assigned.status).toBe(200);
    expect((await body<Device[]>(reads().devices)).map((d) => d.id)).toContain(spare.id);
    expect((await body<Vehicle>(reads().vehicle)).deviceCount).toBe(before.deviceCount + 1);
    const log = await body<InstallationLog[]>(reads().log);
    expect(log[0]?.deviceId).toBe(spare.deviceId);
    const unassigned = await post('/api/devices/unassign', { deviceId: spare.deviceId, clientId: metro.id });
    expect(unassigned.status).toBe(200);
    expect((await body<Device[]>(reads().devices)).map((d) => d.id)).not.toContain(spare.id);
    expect((await body<Vehicle>(reads().vehicle)).deviceCount).toBe(before.deviceCount);
  });

  it('shows a vehicle edited, a log entry and a configuration test at the next read', async () => {
    await warm();
    expect((await send('PATCH', reads().vehicle, { make: 'Gillig', model: 'Low Floor' })).statusCode).toBe(
      200,
    );
    expect(await body<Vehicle>(reads().vehicle)).toMatchObject({ make: 'Gillig', model: 'Low Floor' });
    const entry = await post<InstallationLog>('/api/logs', {
      vehicleId: bus.id,
      action: 'Checked',
      details: 'Fuse',
    });
    expect(entry.status).toBe(201);
    expect((await body<InstallationLog[]>(reads().log))[0]?.id).toBe(entry.body.id);
    const test = await post<ConfigTest>('/api/config/test', { vehicleId: bus.id });
    expect(test.status).toBe(201);
    expect((await body<ConfigTest[]>(reads().tests))[0]?.id).toBe(test.body.id);
  });

  it('shows what a pull changed on the vehicle and its devices at the next read', async () => {
    await warm();
    const [row] = await queryRows<{ external_id: string }>(
      ctx.deps.db,
      sql`select external_id from vehicles where id = ${bus.id}`,
    );
    if (!row) throw new Error('fixture: no external id');
    await ctx.simulator.updateVehicle(row.external_id, { make: 'New Flyer' });
    const device = (await body<Device[]>(reads().devices)).find((d) => d.type !== 'Other');
    if (!device) throw new Error('fixture: no reporting device');
    ctx.simulator.setDeviceHeartbeat(device.deviceId, {
      status: device.status === 'online' ? 'offline' : 'online',
    });
    await ctx.deps.mirror.syncFleet(metro.id);
    expect((await body<Vehicle>(reads().vehicle)).make).toBe('New Flyer');
    const after = (await body<Device[]>(reads().devices)).find((d) => d.id === device.id);
    expect(after?.status).not.toBe(device.status);
    // A device taken off the bus on the platform, then pulled.
    ctx.simulator.assignExternally(device.deviceId, null);
    await ctx.deps.mirror.syncFleet(metro.id);
    expect((await body<Device[]>(reads().devices)).map((d) => d.id)).not.toContain(device.id);
  });

  it('tells this process of every kind of write at once, before its own notification arrives', async () => {
    /** A feed that never hears a notification: only what this process announces reaches it. */
    const announces = async (write: () => Promise<{ statusCode: number } | { status: number }>) => {
      const { feed } = await manualFeed();
      const ticket = feed.ticket();
      feed.rememberAgency(metro.id, { revision: 1, syncedAt: null }, ticket);
      feed.rememberVehicle(bus.id, 0, ticket);
      const res = await write();
      expect('status' in res ? res.status : res.statusCode).toBeLessThan(300);
      const told = feed.vehicle(bus.id) === undefined || feed.agency(metro.id) === undefined;
      await feed.stop();
      return told;
    };
    const note = (await post<Note>('/api/notes', { vehicleId: bus.id, noteType: 'general', content: 'n' }))
      .body;
    const photo = (
      await post<Photo>('/api/photos', { vehicleId: bus.id, photoData: JPEG, photoType: 'after' })
    ).body;
    const spare = spareOf((await fleetOf(get, metro)).devices);
    const writes = {
      note: () => post('/api/notes', { vehicleId: bus.id, noteType: 'general', content: 'Told' }),
      noteEdit: () => send('PUT', `/api/notes/${String(note.id)}`, { content: 'Edited' }),
      upload: () => post(`/api/navigator-uploads/note/${String(note.id)}`, {}),
      noteDelete: () => send('DELETE', `/api/notes/${String(note.id)}`),
      photo: () => post('/api/photos', { vehicleId: bus.id, photoData: JPEG, photoType: 'before' }),
      photoDelete: () => send('DELETE', `/api/photos/${String(photo.id)}`),
      log: () => post('/api/logs', { vehicleId: bus.id, action: 'Checked', details: null }),
      test: () => post('/api/config/test', { vehicleId: bus.id }),
      vehicle: () => send('PATCH', reads().vehicle, { odometer: 1234 }),
      assign: () =>
        post('/api/devices/assign', { deviceIds: [spare.deviceId], vehicleId: bus.id, clientId: metro.id }),
      unassign: () => post('/api/devices/unassign', { deviceId: spare.deviceId, clientId: metro.id }),
    };
    for (const [name, write] of Object.entries(writes))
      expect([name, await announces(write)]).toEqual([name, true]);
  });

  it('shows a change written straight into the database once its notification arrives', async () => {
    await warm();
    await ctx.deps.db.execute(
      sql`insert into installation_notes (vehicle_id, note_type, content, created_by)
          select ${bus.id}, 'general', 'Written by another process', id from users limit 1`,
    );
    const deadline = Date.now() + 2000;
    let contents: string[] = [];
    while (Date.now() < deadline) {
      contents = (await body<Note[]>(reads().notes)).map((n) => n.content);
      if (contents.includes('Written by another process')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(contents).toContain('Written by another process');
  });

  it("answers another agency's user 404 on every read of the bus, cached or not, and its log only their own entries", async () => {
    await warm();
    const rival = (await login(ctx, 'rival')).token;
    for (const [name, url] of Object.entries(reads())) {
      const res = await get<unknown>(url, rival);
      if (name === 'log') expect(res).toEqual({ status: 200, body: [] });
      else expect(res.status).toBe(404);
    }
    expect((await get<unknown>('/api/notes/vehicle/999999')).status).toBe(404);
    expect((await get<unknown>('/api/vehicles/999999')).status).toBe(404);
  });
});
