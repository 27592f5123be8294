import PDFDocument from 'pdfkit';
import { CONFIG_TEST_NAMES, type ConfigTest, type ConfigTestName } from '@toolkit/contracts/config-tests.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';

export const TEST_LABELS: Readonly<Record<ConfigTestName, string>> = {
  gpsTest: 'GPS',
  connectivityTest: 'Connectivity',
  headsignTest: 'Head-sign',
  clockSyncTest: 'Clock sync',
  audioTest: 'Audio',
};

const RESULT_COLOURS: Readonly<Record<string, string>> = {
  pass: '#15803d',
  warning: '#a16207',
  fail: '#b91c1c',
  pending: '#4b5563',
};

/** One 'Label: value' line of a report ('—' for a missing value), shared by every PDF. */
export function pdfField(doc: PDFKit.PDFDocument, label: string, value: string | number | null): void {
  doc
    .font('Helvetica-Bold')
    .fillColor('#111827')
    .text(`${label}: `, { continued: true })
    .font('Helvetica')
    .text(value === null || value === '' ? '—' : String(value));
}

interface TestReportInput {
  agency: string;
  vehicle: Vehicle;
  devices: readonly Device[];
  test: ConfigTest;
  testedBy: string;
  generatedAt: Date;
}

const when = (iso: string | Date) => new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** The installation test report as a real PDF: vehicle, devices, the five results, who and when. */
export function renderTestReportPdf(input: TestReportInput): Promise<Buffer> {
  const { vehicle, test } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: `Installation test report — vehicle ${vehicle.vehicleId}`,
      Author: 'Installer Toolkit',
      CreationDate: input.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text('Installation test report');
  doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#374151').text(input.agency);
  doc.moveDown();
  const row = (label: string, value: string | number | null) => pdfField(doc, label, value);
  row('Vehicle', vehicle.vehicleId);
  row('Description', vehicle.description);
  row('VIN', vehicle.vin);
  row(
    'Make / model / year',
    [vehicle.make, vehicle.model, vehicle.year].filter((v) => v !== null).join(' ') || null,
  );
  row('Route', vehicle.route);
  row('Tested by', input.testedBy);
  row('Tested at', when(test.createdAt));
  row('Report generated', when(input.generatedAt));

  doc.moveDown().font('Helvetica-Bold').fontSize(14).fillColor('#111827').text('Results');
  doc.fontSize(11);
  for (const name of CONFIG_TEST_NAMES) {
    const r = test.results[name];
    doc
      .moveDown(0.4)
      .font('Helvetica-Bold')
      .fillColor('#111827')
      .text(`${TEST_LABELS[name]}: `, { continued: true });
    doc.fillColor(RESULT_COLOURS[r.result] ?? '#111827').text(r.result.toUpperCase());
    if (r.detail) doc.font('Helvetica').fillColor('#374151').text(r.detail, { indent: 12 });
  }

  doc
    .moveDown()
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#111827')
    .text(`Devices (${String(input.devices.length)})`);
  doc.fontSize(10);
  if (input.devices.length === 0) doc.font('Helvetica').text('No devices assigned.');
  for (const d of input.devices) {
    doc
      .moveDown(0.3)
      .font('Helvetica-Bold')
      .fillColor('#111827')
      .text(`${d.type} ${d.deviceId}`, { continued: true });
    doc
      .font('Helvetica')
      .fillColor('#374151')
      .text(
        `  ${d.deviceSystem ?? ''} · ${d.type === 'Other' ? 'non-reporting' : d.status}${d.lastHeartbeat ? ` · last heard ${when(d.lastHeartbeat)}` : ''}`,
      );
  }
  doc
    .moveDown(2)
    .fontSize(8)
    .fillColor('#6b7280')
    .text(`Test #${String(test.id)} · Installer Toolkit`, { align: 'center' });
  doc.end();
  return done;
}
