import { createServer, type Server } from 'node:net';
import { inflateSync } from 'node:zlib';

/** The strings shown by a content stream's text operators (TJ arrays and Tj), one per operator. */
function showTexts(content: string): string[] {
  const lines: string[] = [];
  for (const op of content.matchAll(/\[(.*?)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/gs)) {
    let line = '';
    for (const part of (op[1] ?? op[2] ?? '').matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
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
 * The text a PDF shows (standard fonts; Flate-compressed or plain content streams), line by line.
 * A stream is read as long as its dictionary's /Length says: compressed bytes may end in a CR, which
 * a search for the line break before `endstream` would take for the break and cut off.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const text = pdf.toString('latin1');
  for (const m of text.matchAll(/\/Length (\d+)\b[^]*?>>\s*stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const bytes = pdf.subarray(start, start + Number(m[1]));
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    lines.push(...showTexts(content));
  }
  return lines.join('\n');
}

export interface MimePart {
  headers: Record<string, string>;
  body: Buffer;
}

export interface ParsedMail {
  headers: Record<string, string>;
  text: string;
  attachments: (MimePart & { filename: string | null })[];
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normal = raw.replace(/\r\n/g, '\n');
  const cut = normal.indexOf('\n\n');
  const head = cut < 0 ? normal : normal.slice(0, cut);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: cut < 0 ? '' : normal.slice(cut + 2) };
}

function decode(body: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding?.toLowerCase() === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  return Buffer.from(body, 'utf8');
}

/**
 * A MIME message (RFC 5322 headers, multipart bodies, base64 and quoted-printable parts) read into
 * its headers, its plain text and its attachments. Throws when the structure is broken.
 */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHeaders(raw);
  const parsed: ParsedMail = { headers, text: '', attachments: [] };
  const walk = (partHeaders: Record<string, string>, partBody: string) => {
    const type = partHeaders['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/')) {
      if (!boundary) throw new Error('multipart without a boundary');
      const pieces = partBody.split(`--${boundary}`);
      if (!pieces.some((p) => p.startsWith('--'))) throw new Error(`multipart ${boundary} is not closed`);
      for (const piece of pieces.slice(1)) {
        if (piece.startsWith('--')) break;
        const inner = splitHeaders(piece.replace(/^\n/, ''));
        walk(inner.headers, inner.body.replace(/\n$/, ''));
      }
      return;
    }
    const content = decode(partBody, partHeaders['content-transfer-encoding']);
    const disposition = partHeaders['content-disposition'] ?? '';
    const filename =
      /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1] ?? null;
    if (disposition.startsWith('attachment') || !type.toLowerCase().startsWith('text/'))
      parsed.attachments.push({ headers: partHeaders, body: content, filename });
    else if (type.toLowerCase().startsWith('text/plain')) parsed.text += content.toString('utf8');
  };
  walk(headers, body);
  return parsed;
}

/** A minimal SMTP server that accepts every message and keeps its raw DATA. */
export async function startSmtpSink(): Promise<{
  url: string;
  messages: string[];
  close: () => Promise<void>;
}> {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end).replace(/^\.\./gm, '.'));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `smtp://127.0.0.1:${String(address.port)}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
