import { createHmac } from 'node:crypto';

/**
 * RFC 6238 codes as Traccar checks them: LoginService.checkUserCode calls
 * `new GoogleAuthenticator().authorize(totpKey, code)` (com.warrenstrange:googleauth 1.5.0), whose
 * defaults are HMAC-SHA1, a 30 s step, 6 digits, a base32 key and a window of 3 steps (the step
 * before, this one and the one after: GoogleAuthenticatorConfig.windowSize = 3).
 */
const STEP_MS = 30_000;
const DIGITS = 6;
const MODULUS = 10 ** DIGITS;
const WINDOW = 3;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Commons Codec Base32.decode of the upper-cased key (GoogleAuthenticator.decodeSecret); padding ignored. */
function base32(key: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of key.toUpperCase().replace(/=+$/, '')) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) continue;
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** GoogleAuthenticator.calculateCode: the code of one 30 s step. */
function codeAt(key: Buffer, step: number): number {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hash = createHmac('sha1', key).update(counter).digest();
  const offset = (hash[hash.length - 1] ?? 0) & 0xf;
  return (hash.readUInt32BE(offset) & 0x7fffffff) % MODULUS;
}

/** The 6-digit code of a base32 key at a time (now by default), as an authenticator app shows it. */
export function totpCode(base32Key: string, atMs: number = Date.now()): string {
  return String(codeAt(base32(base32Key), Math.floor(atMs / STEP_MS))).padStart(DIGITS, '0');
}

/** GoogleAuthenticator.authorize: a code outside 1..999999 never passes; else the window of 3 steps. */
export function totpAuthorize(base32Key: string, code: number, atMs: number = Date.now()): boolean {
  if (code <= 0 || code >= MODULUS) return false;
  const key = base32(base32Key);
  const step = Math.floor(atMs / STEP_MS);
  for (let i = -Math.floor((WINDOW - 1) / 2); i <= Math.floor(WINDOW / 2); i++)
    if (codeAt(key, step + i) === code) return true;
  return false;
}
