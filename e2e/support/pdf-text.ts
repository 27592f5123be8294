import { inflateSync } from 'node:zlib';

/** The text drawn in a PDF made by pdfkit: its content streams inflated, hex strings decoded. */
export function pdfText(pdf: Buffer): string {
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
      // an image or another stream that is not deflated text
    }
  }
  return texts.join('');
}

/** Whether the PDF embeds at least one image. */
export const pdfHasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');
