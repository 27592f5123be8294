import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@toolkit/contracts/clients.ts';
import { DEVICE_STATUSES, DEVICE_TYPES, type Device } from '@toolkit/contracts/devices.ts';
import type { GeneratedReport } from '@toolkit/contracts/reports.ts';
import { devices, generatedReportChunks } from '../src/db/schema/tables.ts';
import { eq } from 'drizzle-orm';
import { REPORT_CHUNK_BYTES } from '../src/modules/reports/report-files.repository.ts';
import { bearer, clientsOf, createTestContext, login, type TestContext } from './helpers.ts';
import { pdfText } from './report-readers.ts';

/**
 * Issue 13: the device status report of a 15,000-device agency is read a page at a time and
 * stored and served in chunks; its CSV and PDF hold every device and the right counts.
 */
const BULK = 15_000;
/**
 * No deadline on any step (vitest treats 0 as none): they check what the files hold, not how fast
 * a loaded machine makes them (run beside three other workers on two cores, a step once ran past
 * its deadline). How long a report takes is the benchmarks' business.
 */
const NO_DEADLINE = 0;

describe('device status report of a 15,000-device agency', { timeout: NO_DEADLINE }, () => {
  let ctx: TestContext;
  let demo: string;
  let agency: Client;
  let listed: Device[];

  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(demo), payload });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(demo) });

  beforeAll(async () => {
    ctx = await createTestContext();
    demo = (await login(ctx, 'demo')).token;
    const [first] = await clientsOf(ctx, demo);
    if (!first) throw new Error('fixture: no agency');
    agency = first;
    const rows = Array.from({ length: BULK }, (_, i) => ({
      deviceId: `BULK-${String(i).padStart(5, '0')}`,
      clientId: agency.id,
      type: DEVICE_TYPES[i % DEVICE_TYPES.length] ?? 'GPS',
      status: DEVICE_STATUSES[i % DEVICE_STATUSES.length] ?? 'offline',
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await ctx.deps.db.insert(devices).values(rows.slice(i, i + 1000));
    listed = (await get(`/api/devices/client/${String(agency.id)}`)).json<Device[]>();
  }, NO_DEADLINE);
  afterAll(() => ctx.close(), NO_DEADLINE);

  it('the CSV holds every device once, then the counts by status and type', async () => {
    expect(listed.length).toBeGreaterThan(BULK);
    const made = await post('/api/reports/device-status', { clientId: agency.id, format: 'csv' });
    expect(made.statusCode).toBe(201);
    const report = made.json<GeneratedReport>();
    const chunks = await ctx.deps.db
      .select({ seq: generatedReportChunks.seq })
      .from(generatedReportChunks)
      .where(eq(generatedReportChunks.reportId, report.id));
    expect(chunks.length).toBe(Math.ceil(report.sizeBytes / REPORT_CHUNK_BYTES));
    expect(chunks.length).toBeGreaterThan(1);

    const file = await get(report.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(Number(file.headers['content-length'])).toBe(report.sizeBytes);
    expect(file.rawPayload.length).toBe(report.sizeBytes);
    const [table = '', byStatus = '', byType = ''] = file.body.split('\r\n\r\n');
    const rows = table.split('\r\n');
    expect(rows[0]).toBe('Device,Type,Vehicle,Status,Last seen');
    expect(rows).toHaveLength(listed.length + 1);
    const ids = rows.slice(1).map((r) => r.split(',')[0]);
    expect(new Set(ids).size).toBe(listed.length);
    expect([...ids].sort()).toEqual(listed.map((d) => d.deviceId).sort());
    const counts = (block: string): Record<string, number> => {
      const out: Record<string, number> = {};
      for (const line of block.split('\r\n').slice(1).filter(Boolean)) {
        const [key = '', n = ''] = line.split(',');
        out[key] = Number(n);
      }
      return out;
    };
    const expected = (key: (d: Device) => string) =>
      listed.reduce<Record<string, number>>((acc, d) => ({ ...acc, [key(d)]: (acc[key(d)] ?? 0) + 1 }), {});
    expect(counts(byType)).toEqual(expected((d) => d.type));
    expect(counts(byStatus)).toEqual(expected((d) => (d.type === 'Other' ? 'non-reporting' : d.status)));
  });

  it('the PDF is whole: every device on its pages, served as stored', async () => {
    const report = (
      await post('/api/reports/device-status', { clientId: agency.id, format: 'pdf' })
    ).json<GeneratedReport>();
    const file = await get(report.fileUrl);
    const pdf = file.rawPayload;
    expect(pdf.length).toBe(report.sizeBytes);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF\s*$/);
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    // About 60 lines a page: 15,000 devices take a few hundred pages.
    expect(pages).toBeGreaterThan(BULK / 100);
    const text = pdfText(pdf);
    expect(text).toContain(`${String(listed.length)} devices`);
    expect(text).toContain('BULK-00000');
    expect(text).toContain('BULK-14999');
  });
});
