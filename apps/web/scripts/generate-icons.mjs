// Generates the PWA icons (public/icons/*.png) and favicon.svg from one drawing: a white bus on
// the brand blue. Pure Node (zlib only), so it needs no image library. Run: node scripts/generate-icons.mjs
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [11, 61, 145];
const WHITE = [255, 255, 255];
const YELLOW = [250, 204, 21];

const outDir = new URL('../public/icons/', import.meta.url);
mkdirSync(outDir, { recursive: true });

/** Shapes in a 100x100 design space; later shapes paint over earlier ones. */
function shapes(maskable) {
  // The maskable icon keeps the drawing inside the central safe zone (80 %).
  const s = maskable ? 0.72 : 0.86;
  const o = (100 - 100 * s) / 2;
  const t = (x) => o + x * s;
  return [
    { kind: 'rect', x: t(14), y: t(18), w: 72 * s, h: 56 * s, r: 8 * s, color: WHITE },
    { kind: 'rect', x: t(20), y: t(25), w: 60 * s, h: 22 * s, r: 3 * s, color: BLUE },
    { kind: 'rect', x: t(20), y: t(54), w: 14 * s, h: 8 * s, r: 2 * s, color: YELLOW },
    { kind: 'rect', x: t(66), y: t(54), w: 14 * s, h: 8 * s, r: 2 * s, color: YELLOW },
    { kind: 'rect', x: t(22), y: t(72), w: 14 * s, h: 12 * s, r: 3 * s, color: WHITE },
    { kind: 'rect', x: t(64), y: t(72), w: 14 * s, h: 12 * s, r: 3 * s, color: WHITE },
  ];
}

function insideRoundRect(px, py, { x, y, w, h, r }) {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

function render(size, { maskable, rounded }) {
  const list = shapes(maskable);
  const bg = { x: 0, y: 0, w: 100, h: 100, r: rounded ? 18 : 0 };
  const rows = [];
  const samples = 4;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const px = ((x + (sx + 0.5) / samples) / size) * 100;
          const py = ((y + (sy + 0.5) / samples) / size) * 100;
          if (!insideRoundRect(px, py, bg)) continue;
          let c = BLUE;
          for (const shape of list) if (insideRoundRect(px, py, shape)) c = shape.color;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 255;
        }
      }
      const n = samples * samples;
      const cover = a / 255;
      row.set(cover ? [r / cover, g / cover, b / cover, a / n].map(Math.round) : [0, 0, 0, 0], 1 + x * 4);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync(new URL('icon-192.png', outDir), render(192, { maskable: false, rounded: true }));
writeFileSync(new URL('icon-512.png', outDir), render(512, { maskable: false, rounded: true }));
writeFileSync(new URL('icon-maskable-512.png', outDir), render(512, { maskable: true, rounded: false }));
writeFileSync(new URL('apple-touch-icon.png', outDir), render(180, { maskable: true, rounded: false }));

const hex = (c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const svgShapes = shapes(false)
  .map(
    (s) =>
      `<rect x="${s.x.toFixed(1)}" y="${s.y.toFixed(1)}" width="${s.w.toFixed(1)}" height="${s.h.toFixed(1)}" rx="${s.r.toFixed(1)}" fill="${hex(s.color)}"/>`,
  )
  .join('');
writeFileSync(
  new URL('../public/favicon.svg', import.meta.url),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="18" fill="${hex(BLUE)}"/>${svgShapes}</svg>\n`,
);
console.log('icons written to', outDir.pathname);
