import { createHmac } from 'node:crypto';

/** The stand-in's two-factor user and its TOTP key (standin-seed.ts). */
export const STANDIN_TWO_FACTOR = { email: 'twofactor@standin.example', key: 'JBSWY3DPEHPK3PXP' } as const;

/** RFC 6238 (HMAC-SHA1, 30 s, 6 digits) from a base32 key: what an authenticator app shows. */
export function totpCode(base32Key: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32Key.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}
