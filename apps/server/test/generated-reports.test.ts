import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { GeneratedReport } from '@toolkit/contracts/reports.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';

/** A real 1x1 JPEG. */
const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

/** The text drawn in a PDF made by pdfkit: its content streams inflated, hex strings decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const hex of content.matchAll(/<([0-9a-f]+)>/gi))
        texts.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
    } catch {
      // an image or other stream that is not deflated text
    }
  }
  return texts.join('');
}

describe('generated reports: installation, device status, daily activity, history', () => {
  let ctx: TestContext;
  let demo: string;
  let rival: string;
  let agency: Client;
  let vehicle: Vehicle;

  const post = (url: string, payload: object, token = demo) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const get = (url: string, token = demo) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    ctx = await createTestContext();
    demo = (await login(ctx, 'demo')).token;
    rival = (await login(ctx, 'rival')).token;
    const [first] = await clientsOf(ctx, demo);
    if (!first) throw new Error('fixture: no agency');
    agency = first;
    const created = await post('/api/vehicles', {
      vehicleId: 'RPT-77',
      clientId: agency.id,
      route: null,
      status: 'active',
    });
    vehicle = created.json<Vehicle>();
    expect(
      (
        await post('/api/photos', {
          vehicleId: vehicle.id,
          photoData: JPEG,
          thumbnailData: JPEG,
          photoType: 'device',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post('/api/notes', {
          vehicleId: vehicle.id,
          noteType: 'completion',
          content: 'All units fitted',
        })
      ).statusCode,
    ).toBe(201);
    await post('/api/logs', {
      vehicleId: vehicle.id,
      deviceId: null,
      action: 'Installation Note',
      details: 'Checked harness',
    });
  });
  afterAll(() => ctx.close());

  it('makes the installation PDF naming the vehicle, with its photo embedded and its notes', async () => {
    const made = await post('/api/reports/installation', { vehicleId: vehicle.id });
    expect(made.statusCode).toBe(201);
    const report = made.json<GeneratedReport>();
    expect(report).toMatchObject({
      kind: 'installation',
      format: 'pdf',
      title: 'Installation report: vehicle RPT-77',
    });
    const file = await get(report.fileUrl);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const text = pdfText(file.rawPayload);
    expect(text).toContain('Installation report: vehicle RPT-77');
    expect(text).toContain('All units fitted');
    expect(text).toContain('Latest configuration test');
    expect((await post('/api/reports/installation', { vehicleId: vehicle.id }, rival)).statusCode).toBe(404);
  });

  it('lists every device of the agency in the device status CSV, with counts by status and type', async () => {
    const devices = (await get(`/api/devices/client/${String(agency.id)}`)).json<Device[]>();
    const made = (
      await post('/api/reports/device-status', { clientId: agency.id, format: 'csv' })
    ).json<GeneratedReport>();
    const file = await get(made.fileUrl);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [table = '', byStatus = '', byType = ''] = file.body.split('\r\n\r\n');
    const rows = table.split('\r\n');
    expect(rows[0]).toBe('Device,Type,Vehicle,Status,Last seen');
    expect(rows).toHaveLength(devices.length + 1);
    const total = (block: string) =>
      block
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .reduce((sum, line) => sum + Number(line.split(',')[1]), 0);
    expect(total(byStatus)).toBe(devices.length);
    expect(total(byType)).toBe(devices.length);
    const pdf = (
      await post('/api/reports/device-status', { clientId: agency.id, format: 'pdf' })
    ).json<GeneratedReport>();
    expect((await get(pdf.fileUrl)).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await post('/api/reports/device-status', { clientId: agency.id, format: 'xls' })).statusCode,
    ).toBe(400);
  });

  it("prints the installer's day grouped by vehicle", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const made = await post('/api/reports/daily-activity', { clientId: agency.id, date: today });
    expect(made.statusCode).toBe(201);
    const text = pdfText((await get(made.json<GeneratedReport>().fileUrl)).rawPayload);
    expect(text).toContain('Vehicle RPT-77');
    expect(text).toContain('Checked harness');
  });

  it('keeps the history newest first, for the agency only', async () => {
    const history = (await get(`/api/reports/history/client/${String(agency.id)}`)).json<GeneratedReport[]>();
    expect(history.map((r) => r.kind)).toEqual([
      'daily-activity',
      'device-status',
      'device-status',
      'installation',
    ]);
    expect(history[0]?.createdBy).toBe('Dana Installer');
    expect((await get(`/api/reports/history/client/${String(agency.id)}`, rival)).statusCode).toBe(404);
    const theirs = await get(history[3]?.fileUrl ?? '', rival);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: 'Report not found' });
    expect((await ctx.app.inject({ method: 'GET', url: history[3]?.fileUrl ?? '' })).statusCode).toBe(401);
  });
});
