import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigTest, ExportResponse } from '@toolkit/contracts/config-tests.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';
import { parseMail, pdfText, startSmtpSink } from './report-readers.ts';

const LABELS = {
  gpsTest: 'GPS',
  connectivityTest: 'Connectivity',
  headsignTest: 'Head-sign',
  clockSyncTest: 'Clock sync',
  audioTest: 'Audio',
} as const;

/** A vehicle of the demo user's biggest agency with devices on it, tested once. */
async function testedVehicle(ctx: TestContext, token: string) {
  const get = async <T>(url: string) =>
    (await ctx.app.inject({ method: 'GET', url, headers: bearer(token) })).json<T>();
  const [agency] = [...(await clientsOf(ctx, token))].sort((a, b) => b.vehicleCount - a.vehicleCount);
  if (!agency) throw new Error('no agency');
  const devices = await get<Device[]>(`/api/devices/client/${String(agency.id)}`);
  const vehicleId = devices.find((d) => d.vehicleId !== null && d.type === 'GPS')?.vehicleId;
  if (!vehicleId) throw new Error('fixture: no vehicle with a GPS unit');
  const vehicle = await get<Vehicle>(`/api/vehicles/${String(vehicleId)}`);
  const onVehicle = await get<Device[]>(`/api/devices/vehicle/${String(vehicleId)}`);
  const run = await ctx.app.inject({
    method: 'POST',
    url: '/api/config/test',
    headers: bearer(token),
    payload: { vehicleId },
  });
  return { vehicle, devices: onVehicle, test: run.json<ConfigTest>() };
}

/** The report names the vehicle, each device and each of the five results. */
function expectReportText(text: string, vehicle: Vehicle, devices: Device[], test: ConfigTest) {
  expect(text).toContain(vehicle.vehicleId);
  expect(devices.length).toBeGreaterThan(0);
  for (const d of devices) expect(text).toContain(d.deviceId);
  const lines = text.split('\n');
  for (const [name, label] of Object.entries(LABELS) as [keyof typeof LABELS, string][]) {
    const at = lines.indexOf(`${label}: `);
    expect(at, `${label} is in the report`).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toBe(test[name].toUpperCase());
  }
}

describe('report export: the PDF, and the e-mail to the outbox folder', () => {
  let ctx: TestContext;
  let demo: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    demo = (await login(ctx, 'demo')).token;
  });
  afterAll(() => ctx.close());

  it('makes a real PDF whose text names the vehicle, each device and the five results', async () => {
    const { vehicle, devices, test } = await testedVehicle(ctx, demo);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/export/pdf',
      headers: bearer(demo),
      payload: { vehicleId: vehicle.id, testId: test.id },
    });
    const { downloadUrl } = res.json<ExportResponse>();
    const pdf = (await ctx.app.inject({ method: 'GET', url: downloadUrl })).rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-8).toString()).toContain('%%EOF');
    expectReportText(pdfText(pdf), vehicle, devices, test);
  });

  it('writes a parseable .eml to DATA_DIR/mail-outbox carrying the PDF', async () => {
    const { vehicle, devices, test } = await testedVehicle(ctx, demo);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/export/email',
      headers: bearer(demo),
      payload: { vehicleId: vehicle.id, testId: test.id, email: 'depot.lead@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const { downloadUrl } = res.json<ExportResponse>();
    expect(ctx.config.mailOutboxDir).toBe(path.join(ctx.config.dataDir, 'mail-outbox'));
    const files = readdirSync(ctx.config.mailOutboxDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = parseMail(readFileSync(path.join(ctx.config.mailOutboxDir, files[0] ?? ''), 'utf8'));
    expect(mail.headers.to).toBe('depot.lead@example.com');
    expect(mail.headers.subject).toBe(`Installation test report: vehicle ${vehicle.vehicleId}`);
    const [pdf] = mail.attachments;
    expect(pdf?.headers['content-type']).toMatch(/^application\/pdf/);
    expect(pdf?.filename).toMatch(/^installation-test-.*\.pdf$/);
    expectReportText(pdfText(pdf?.body ?? Buffer.alloc(0)), vehicle, devices, test);
    // The attachment is the report the answer links to.
    const linked = (await ctx.app.inject({ method: 'GET', url: downloadUrl })).rawPayload;
    expect(pdf?.body.equals(linked)).toBe(true);
  });
});

describe('report e-mail over SMTP when SMTP_URL is set', () => {
  let ctx: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestContext({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  it('hands the message with the PDF to the SMTP server and writes no .eml', async () => {
    const demo = (await login(ctx, 'demo')).token;
    const { vehicle, devices, test } = await testedVehicle(ctx, demo);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/export/email',
      headers: bearer(demo),
      payload: { vehicleId: vehicle.id, testId: test.id, email: 'fleet.office@example.org' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(sink.messages).toHaveLength(1);
    const mail = parseMail(sink.messages[0] ?? '');
    expect(mail.headers.to).toBe('fleet.office@example.org');
    expectReportText(pdfText(mail.attachments[0]?.body ?? Buffer.alloc(0)), vehicle, devices, test);
    expect(() => readdirSync(ctx.config.mailOutboxDir)).toThrow();
  });
});
