import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { ConfigTest, ExportResponse } from '@toolkit/contracts/config-tests.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { InstallationLog } from '@toolkit/contracts/logs.ts';
import type { MoodEntry, MoodStats } from '@toolkit/contracts/moods.ts';
import type { Note } from '@toolkit/contracts/notes.ts';
import type { Photo } from '@toolkit/contracts/photos.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';

/** A real 1x1 JPEG. */
const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

interface Res<T> {
  status: number;
  body: T;
}
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('configuration tests, reports and installation records', () => {
  let ctx: TestContext;
  let demo: string;
  let rival: string;
  let metro: Client;
  let vehicleId: number;
  let gps: Device;

  async function call(method: Method, url: string, payload?: object, token = demo): Promise<Res<unknown>> {
    const res = await ctx.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: res.body && isJson ? res.json<unknown>() : res.body };
  }
  const as = <T>(r: Res<unknown>) => r as Res<T>;

  beforeAll(async () => {
    ctx = await createTestContext();
    demo = (await login(ctx, 'demo')).token;
    rival = (await login(ctx, 'rival')).token;
    const biggest = [...(await clientsOf(ctx, demo))].sort((a, b) => b.vehicleCount - a.vehicleCount)[0];
    if (!biggest) throw new Error('no agency');
    metro = biggest;
    const devices = as<Device[]>(await call('GET', `/api/devices/client/${String(metro.id)}`)).body;
    const found = devices.find(
      (d) =>
        d.type === 'GPS' &&
        d.status === 'online' &&
        d.vehicleId !== null &&
        devices.some((r) => r.vehicleId === d.vehicleId && r.type === 'Router'),
    );
    if (!found?.vehicleId) throw new Error('fixture: no vehicle with an online GPS unit and a router');
    gps = found;
    vehicleId = found.vehicleId;
  });
  afterAll(() => ctx.close());

  it('runs the five tests from the devices’ state, and a GPS unit going quiet fails the GPS test', async () => {
    const first = as<ConfigTest>(await call('POST', '/api/config/test', { vehicleId }));
    expect(first.status).toBe(201);
    expect(first.body.gpsTest).toBe(first.body.results.gpsTest.result);
    expect(['pass', 'warning']).toContain(first.body.gpsTest);
    expect(first.body.results.gpsTest.detail).toContain(gps.deviceId);
    for (const name of [
      'gpsTest',
      'connectivityTest',
      'headsignTest',
      'clockSyncTest',
      'audioTest',
    ] as const) {
      expect(['pass', 'warning', 'fail']).toContain(first.body[name]);
      expect(first.body.results[name].detail.length).toBeGreaterThan(0);
    }

    ctx.simulator.setDeviceHeartbeat(gps.deviceId, { status: 'offline' });
    await ctx.deps.mirror.syncFleet(metro.id);
    const second = as<ConfigTest>(await call('POST', '/api/config/test', { vehicleId }));
    const others = (await call('GET', `/api/devices/vehicle/${String(vehicleId)}`)).body as Device[];
    expect(second.body.gpsTest).toBe(
      others.some((d) => d.type === 'GPS' && d.status !== 'offline' && d.status !== 'error')
        ? second.body.gpsTest
        : 'fail',
    );
    expect(second.body.results.gpsTest.detail).toMatch(/not reporting|No GPS/);

    const list = as<ConfigTest[]>(await call('GET', `/api/config/test/vehicle/${String(vehicleId)}`));
    expect(list.body.map((t) => t.id)).toEqual([second.body.id, first.body.id]);
    const logs = as<InstallationLog[]>(await call('GET', `/api/logs?vehicleId=${String(vehicleId)}`));
    expect(logs.body.filter((l) => l.action === 'Configuration Test')).toHaveLength(2);
  });

  it('exports a real PDF behind a link that needs its key', async () => {
    const [test] = as<ConfigTest[]>(await call('GET', `/api/config/test/vehicle/${String(vehicleId)}`)).body;
    if (!test) throw new Error('fixture');
    const res = as<ExportResponse>(await call('POST', '/api/export/pdf', { vehicleId, testId: test.id }));
    expect(res.status).toBe(200);
    expect(res.body.downloadUrl).toMatch(/^\/api\/reports\/\d+\/pdf\?key=/);
    const pdf = await ctx.app.inject({ method: 'GET', url: res.body.downloadUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1500);
    const wrongKey = await ctx.app.inject({
      method: 'GET',
      url: res.body.downloadUrl.replace(/key=.{4}/, 'key=AAAA'),
    });
    expect(wrongKey.statusCode).toBe(404);
    expect((await call('POST', '/api/export/pdf', { vehicleId, testId: test.id }, rival)).status).toBe(404);
    expect((await call('POST', '/api/export/pdf', { vehicleId, testId: 999999 })).status).toBe(404);
  });

  it('e-mails the report as an .eml with the PDF attached when no SMTP server is set', async () => {
    const [test] = as<ConfigTest[]>(await call('GET', `/api/config/test/vehicle/${String(vehicleId)}`)).body;
    if (!test) throw new Error('fixture');
    const res = as<ExportResponse>(
      await call('POST', '/api/export/email', {
        vehicleId,
        testId: test.id,
        email: 'depot.lead@example.com',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Report sent to depot.lead@example.com');
    const files = readdirSync(ctx.config.mailOutboxDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(ctx.config.mailOutboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: depot\.lead@example\.com$/m);
    expect(eml).toMatch(/Content-Type: application\/pdf; name=installation-test-/);
    const bad = as<{ message: string }>(
      await call('POST', '/api/export/email', { vehicleId, testId: test.id, email: 'not-an-address' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid e-mail address');
  });

  it('refuses tests on another agency’s vehicle and bad bodies', async () => {
    expect((await call('POST', '/api/config/test', { vehicleId }, rival)).status).toBe(404);
    const cross = await call('GET', `/api/config/test/vehicle/${String(vehicleId)}`, undefined, rival);
    expect(cross.status).toBe(404);
    expect((await call('POST', '/api/config/test', { vehicleId: 'bus' })).status).toBe(400);
    const noToken = await ctx.app.inject({ method: 'POST', url: '/api/config/test', payload: { vehicleId } });
    expect(noToken.statusCode).toBe(401);
  });

  it('keeps photos: JPEG only, a type required, listed newest first, deletable only by the agency', async () => {
    const saved = as<Photo>(
      await call('POST', '/api/photos', {
        vehicleId,
        photoData: JPEG,
        photoType: 'before',
        description: 'Dash before install',
        deviceId: null,
      }),
    );
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      vehicleId,
      photoType: 'before',
      description: 'Dash before install',
      uploadedToNavigator: false,
    });
    const noType = as<{ message: string }>(await call('POST', '/api/photos', { vehicleId, photoData: JPEG }));
    expect(noType.status).toBe(400);
    expect(noType.body.message).toBe('Photo type is required');
    const png = as<{ message: string }>(
      await call('POST', '/api/photos', {
        vehicleId,
        photoData: 'data:image/png;base64,iVBORw0KGgo=',
        photoType: 'after',
      }),
    );
    expect(png.body.message).toBe('Photo must be JPEG image data');
    await call('POST', '/api/photos', { vehicleId, photoData: JPEG, photoType: 'after' });
    const list = as<Photo[]>(await call('GET', `/api/photos/vehicle/${String(vehicleId)}`));
    expect(list.body.map((p) => p.photoType)).toEqual(['after', 'before']);
    expect((await call('DELETE', `/api/photos/${String(saved.body.id)}`, undefined, rival)).status).toBe(404);
    expect((await call('DELETE', `/api/photos/${String(saved.body.id)}`)).status).toBe(204);
    expect(as<Photo[]>(await call('GET', `/api/photos/vehicle/${String(vehicleId)}`)).body).toHaveLength(1);
  });

  it('keeps notes: content must not be blank, edits and deletes stay within the agency', async () => {
    const note = as<Note>(
      await call('POST', '/api/notes', {
        vehicleId,
        noteType: 'general',
        content: '  Router mounted behind driver  ',
        deviceId: null,
        createdBy: 999,
      }),
    );
    expect(note.status).toBe(201);
    expect(note.body.content).toBe('Router mounted behind driver');
    expect(note.body.createdBy).not.toBe(999);
    const blank = as<{ message: string }>(
      await call('POST', '/api/notes', { vehicleId, noteType: 'issue', content: '   ' }),
    );
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Content required');
    const edited = as<Note>(
      await call('PUT', `/api/notes/${String(note.body.id)}`, {
        content: 'Router mounted in the rear cabinet',
      }),
    );
    expect(edited.body.content).toBe('Router mounted in the rear cabinet');
    expect((await call('PUT', `/api/notes/${String(note.body.id)}`, { content: 'x' }, rival)).status).toBe(
      404,
    );
    expect(as<Note[]>(await call('GET', `/api/notes/vehicle/${String(vehicleId)}`)).body[0]?.content).toBe(
      'Router mounted in the rear cabinet',
    );
    expect((await call('DELETE', `/api/notes/${String(note.body.id)}`)).status).toBe(204);
    expect(as<Note[]>(await call('GET', `/api/notes/vehicle/${String(vehicleId)}`)).body).toHaveLength(0);
  });

  it('writes and reads the installation log, scoped to the agency', async () => {
    const entry = as<InstallationLog>(
      await call('POST', '/api/logs', {
        vehicleId,
        deviceId: null,
        action: 'Installation Note',
        details: 'Checked harness',
      }),
    );
    expect(entry.status).toBe(201);
    const mine = as<InstallationLog[]>(await call('GET', '/api/logs'));
    expect(mine.body[0]).toMatchObject({
      id: entry.body.id,
      action: 'Installation Note',
      details: 'Checked harness',
    });
    const theirs = as<InstallationLog[]>(await call('GET', '/api/logs', undefined, rival));
    expect(theirs.body.some((l) => l.id === entry.body.id)).toBe(false);
    expect((await call('POST', '/api/logs', { vehicleId, action: 'x' }, rival)).status).toBe(404);
  });

  it('logs moods and computes their statistics', async () => {
    const great = as<MoodEntry>(
      await call('POST', '/api/mood-entries', {
        moodEmoji: '😄',
        moodLabel: 'Great',
        moodValue: 5,
        workPhase: 'start',
        clientId: metro.id,
      }),
    );
    expect(great.status).toBe(201);
    await call('POST', '/api/mood-entries', {
      moodEmoji: '🙁',
      moodLabel: 'Poor',
      moodValue: 2,
      comment: 'Rain',
      workPhase: 'problem-solving',
    });
    const bad = as<{ message: string }>(
      await call('POST', '/api/mood-entries', { moodEmoji: '😄', moodLabel: 'Great', moodValue: 9 }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Mood value must be between 1 and 5');
    expect(
      (
        await call(
          'POST',
          '/api/mood-entries',
          { moodEmoji: '😄', moodLabel: 'Great', moodValue: 5, clientId: metro.id },
          rival,
        )
      ).status,
    ).toBe(404);
    const stats = as<MoodStats>(await call('GET', '/api/mood-stats'));
    expect(stats.body).toEqual({
      averageMood: 3.5,
      totalEntries: 2,
      moodDistribution: { Great: 1, Good: 0, Okay: 0, Poor: 1, Terrible: 0 },
    });
    const entries = as<MoodEntry[]>(await call('GET', '/api/mood-entries'));
    expect(entries.body.map((e) => e.moodLabel)).toEqual(['Poor', 'Great']);
    expect(as<MoodStats>(await call('GET', '/api/mood-stats', undefined, rival)).body.totalEntries).toBe(0);
  });
});
