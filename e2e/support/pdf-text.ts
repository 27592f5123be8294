import { inflateSync } from 'node:zlib';

/** The strings of a content stream's text operators: <hex> and (literal) strings, per TJ/Tj. */
function showTexts(content: string): string[] {
  const lines: string[] = [];
  for (const op of content.matchAll(/\[(.*?)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/gs)) {
    const body = op[1] ?? op[2] ?? '';
    let line = '';
    for (const part of body.matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
      line +=
        part[1] !== undefined
          ? Buffer.from(part[1], 'hex').toString('latin1')
          : (part[2] ?? '').replace(/\\(.)/g, '$1');
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The text a PDF shows (enough for the reports here: standard fonts, Flate-compressed or plain
 * content streams), one line per text-showing operator.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)(\r?)\nendstream/g)) {
    // A compressed stream may itself end in a CR byte, which the end-of-line before `endstream`
    // cannot tell from its own: inflate without it, then with it (one report in 256 or so).
    const data = m[1] ?? '';
    const candidates = m[2] ? [data, data + m[2]] : [data];
    let content: string | undefined;
    for (const candidate of candidates) {
      try {
        content = inflateSync(Buffer.from(candidate, 'latin1')).toString('latin1');
        break;
      } catch {
        // Not this one: the next, or the stream is not compressed.
      }
    }
    lines.push(...showTexts(content ?? data));
  }
  return lines.join('\n');
}

/** Whether the PDF embeds at least one image. */
export const pdfHasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');
