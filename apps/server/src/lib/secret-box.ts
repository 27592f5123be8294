import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

/**
 * Seals short secrets (a platform token made for a user at sign-in) for the database: AES-256-GCM
 * with a random IV per secret, so a copy of the database alone reveals none of them (issue 32).
 * Tampered or foreign text opens to null, never to a wrong secret.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** A box with a 32-byte key (base64 or hex text of one). */
  static fromKeyText(text: string): SecretBox {
    const trimmed = text.trim();
    const key = /^[0-9a-f]{64}$/i.test(trimmed)
      ? Buffer.from(trimmed, 'hex')
      : Buffer.from(trimmed, 'base64');
    if (key.length !== 32) throw new Error('TOOLKIT_SECRET_KEY must be 32 bytes, as 64 hex digits or base64');
    return new SecretBox(key);
  }

  /**
   * The key from TOOLKIT_SECRET_KEY when set (required when several servers share one
   * PostgreSQL), else from `<dataDir>/secret.key`, made on first start (readable by its owner only).
   */
  static open(keyText: string | null, dataDir: string): SecretBox {
    if (keyText) return SecretBox.fromKeyText(keyText);
    const file = path.join(dataDir, 'secret.key');
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    }
    chmodSync(file, 0o600);
    return SecretBox.fromKeyText(readFileSync(file, 'utf8'));
  }

  /** A box with a random key (tests, and a server that keeps no secrets across restarts). */
  static ephemeral(): SecretBox {
    return new SecretBox(randomBytes(32));
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
