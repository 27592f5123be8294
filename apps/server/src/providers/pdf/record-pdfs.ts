import PDFDocument from 'pdfkit';
import { CONFIG_TEST_NAMES, type ConfigTest } from '@toolkit/contracts/config-tests.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { pdfField as field, TEST_LABELS } from './test-report-pdf.ts';

type Doc = InstanceType<typeof PDFDocument>;

const when = (d: string | Date) => new Date(d).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

function newDoc(title: string, generatedAt: Date): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: title, Author: 'Installer Toolkit', CreationDate: generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

function heading(doc: Doc, text: string) {
  doc.moveDown().font('Helvetica-Bold').fontSize(14).fillColor('#111827').text(text);
  doc.font('Helvetica').fontSize(10).fillColor('#374151');
}

interface InstallationReportInput {
  agency: string;
  vehicle: Vehicle;
  devices: readonly Device[];
  test: ConfigTest | null;
  photos: readonly {
    photoType: string;
    description: string | null;
    deviceId: string | null;
    takenAt: Date;
    jpeg: Buffer;
  }[];
  notes: readonly { noteType: string; content: string; createdAt: Date; author: string }[];
  installer: string;
  generatedAt: Date;
}

/** The installation report of one vehicle: vehicle, devices, latest test, photo thumbnails, notes. */
export function renderInstallationReportPdf(input: InstallationReportInput): Promise<Buffer> {
  const { vehicle } = input;
  const { doc, done } = newDoc(`Installation report — vehicle ${vehicle.vehicleId}`, input.generatedAt);
  doc.font('Helvetica-Bold').fontSize(20).text(`Installation report: vehicle ${vehicle.vehicleId}`);
  doc.font('Helvetica').fontSize(11).fillColor('#374151').text(input.agency).moveDown(0.5);
  field(doc, 'Vehicle', vehicle.vehicleId);
  field(doc, 'VIN', vehicle.vin);
  field(doc, 'Make', vehicle.make);
  field(doc, 'Model', vehicle.model);
  field(doc, 'Year', vehicle.year);
  field(doc, 'Installer', input.installer);
  field(doc, 'Generated', when(input.generatedAt));

  heading(doc, `Devices (${String(input.devices.length)})`);
  if (input.devices.length === 0) doc.text('No devices assigned.');
  for (const d of input.devices)
    doc.text(`${d.type} ${d.deviceId}: ${d.type === 'Other' ? 'non-reporting' : d.status}`);

  heading(doc, 'Latest configuration test');
  if (!input.test) doc.text('No configuration test has been run.');
  else {
    doc.text(`Test #${String(input.test.id)}, run ${when(input.test.createdAt)}`);
    for (const name of CONFIG_TEST_NAMES)
      doc.text(`${TEST_LABELS[name]}: ${input.test.results[name].result}`);
  }

  heading(doc, `Photos (${String(input.photos.length)})`);
  if (input.photos.length === 0) doc.text('No photos.');
  for (const p of input.photos) {
    if (doc.y > doc.page.height - 190) doc.addPage();
    const top = doc.y;
    try {
      doc.image(p.jpeg, doc.page.margins.left, top, { fit: [160, 120] });
    } catch {
      doc.text('(image unreadable)', doc.page.margins.left, top);
    }
    const caption = [p.photoType, p.deviceId ? `device ${p.deviceId}` : null, when(p.takenAt), p.description]
      .filter((x) => x !== null)
      .join(' · ');
    doc.text(caption, doc.page.margins.left + 172, top, { width: 320 });
    doc.x = doc.page.margins.left;
    doc.y = top + 128;
  }

  heading(doc, `Notes (${String(input.notes.length)})`);
  if (input.notes.length === 0) doc.text('No notes.');
  for (const n of input.notes)
    doc
      .moveDown(0.3)
      .text(`${n.noteType} · ${n.author} · ${when(n.createdAt)}`)
      .text(n.content, { indent: 12 });
  doc.end();
  return done;
}

type ListHead = {
  title: string;
  subtitle: string;
  generatedAt: Date;
  sections: readonly { heading: string; lines: readonly string[] }[];
};

/** A list report's title, subtitle, time and its fixed sections. */
function writeListHead(doc: Doc, input: ListHead) {
  doc.font('Helvetica-Bold').fontSize(20).text(input.title);
  doc.font('Helvetica').fontSize(11).fillColor('#374151').text(input.subtitle);
  doc.text(`Generated ${when(input.generatedAt)}`);
  for (const section of input.sections) {
    heading(doc, section.heading);
    for (const line of section.lines) doc.text(line);
  }
}

/** A simple report of titled sections of lines (device status counts, a day's activity). */
export function renderListPdf(input: ListHead): Promise<Buffer> {
  const { doc, done } = newDoc(input.title, input.generatedAt);
  writeListHead(doc, input);
  doc.end();
  return done;
}

/**
 * A list report written as it is read: the title, the fixed sections, then `pages` of lines under
 * one heading, the PDF's bytes yielded as each page of lines is laid out (pdfkit writes finished
 * pages out, so memory holds about one page of lines and one page of PDF).
 */
export async function* streamListPdf(
  input: ListHead & {
    listHeading: string;
    pages: AsyncIterable<readonly string[]>;
  },
): AsyncGenerator<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: input.title, Author: 'Installer Toolkit', CreationDate: input.generatedAt },
  });
  let queue: Buffer[] = [];
  let failure: Error | null = null;
  doc.on('data', (c: Buffer) => queue.push(c));
  doc.on('error', (e: Error) => (failure = e));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  const take = async () => {
    // pdfkit pushes its bytes to the stream as it goes; one turn of the event loop delivers them.
    await new Promise((resolve) => setImmediate(resolve));
    if (failure !== null) throw failure;
    const out = queue;
    queue = [];
    return out;
  };

  writeListHead(doc, input);
  heading(doc, input.listHeading);
  yield* await take();
  for await (const lines of input.pages) {
    for (const line of lines) doc.text(line);
    yield* await take();
  }
  doc.end();
  await ended;
  yield* await take();
}
