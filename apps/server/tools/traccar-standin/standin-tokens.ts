import { createHmac, randomBytes } from 'node:crypto';
import { AT, JavaError, securityError } from './standin-wire.ts';

/** TokenManager.DEFAULT_EXPIRATION_DAYS (api/signature/TokenManager.java). */
export const TOKEN_DEFAULT_DAYS = 7;
const DAY_MS = 86_400_000;
const SIGNATURE_LENGTH = 34;

export interface TokenInfo {
  userId: number;
  /** When the token stops being accepted (ms since the epoch); TokenManager's `e`. */
  expiresAt: number;
  /** In tc_revoked_tokens (POST /api/session/token/revoke, since 6.11). */
  revoked: boolean;
}

const CRYPTO_FRAME = 'org.traccar.api.signature.CryptoManager.verify';

/**
 * The API tokens, each to its user id: a Map of the tokens not revoked (`tokens.get(token)` names
 * the token's user; `tokens.set(token, userId)` adds one, `tokens.delete(token)` forgets it as if
 * signed by another key), with what TokenManager keeps in or beside a token: its expiration (an
 * expired token stays in the Map) and whether it was revoked (`info` still knows a revoked one).
 * Tokens the store makes have TokenManager's shape: base64url of [signature length][signature]
 * [JSON {i, u, e}].
 */
export class TokenStore extends Map<string, number> {
  private readonly infos = new Map<string, TokenInfo>();
  private readonly secret = randomBytes(32);

  /** Adds a token: it expires in 7 days unless `expiresAt` says otherwise (TokenManager.generateToken). */
  override set(token: string, userId: number, expiresAt?: number): this {
    super.set(token, userId);
    this.infos.set(token, {
      userId,
      expiresAt: expiresAt ?? Date.now() + TOKEN_DEFAULT_DAYS * DAY_MS,
      revoked: false,
    });
    return this;
  }

  override delete(token: string): boolean {
    this.infos.delete(token);
    return super.delete(token);
  }

  override clear(): void {
    this.infos.clear();
    super.clear();
  }

  info(token: string): TokenInfo | undefined {
    return this.infos.get(token);
  }

  /** TokenManager.generateToken: a signed token of the user, added to the store. */
  issue(userId: number, expiresAt?: number): string {
    const expiration = expiresAt ?? Date.now() + TOKEN_DEFAULT_DAYS * DAY_MS;
    const id = randomBytes(6).readUIntBE(0, 6);
    const data = Buffer.from(
      JSON.stringify({ i: id, u: userId, e: new Date(expiration).toISOString().replace('Z', '+00:00') }),
    );
    const token = Buffer.concat([Buffer.from([SIGNATURE_LENGTH]), this.sign(data), data]).toString(
      'base64url',
    );
    this.set(token, userId, expiration);
    return token;
  }

  /** Puts the token in the revoked list (it leaves the Map); false when the store does not know it. */
  revoke(token: string): boolean {
    const info = this.infos.get(token);
    if (!info) return false;
    info.revoked = true;
    super.delete(token);
    return true;
  }

  /** Makes the token already expired; false when the store does not know it. */
  expire(token: string): boolean {
    const info = this.infos.get(token);
    if (info) info.expiresAt = Date.now() - 1000;
    return info !== undefined;
  }

  /** TokenManager.verifyToken: the token's data, or a SecurityException when expired or revoked. */
  verify(token: string, now = Date.now()): TokenInfo {
    const info = this.decode(token, AT.tokenLogin, AT.verify);
    if (info.expiresAt < now) throw securityError('Token has expired', AT.tokenExpired, AT.tokenLogin);
    if (info.revoked) throw securityError('Token has been revoked', AT.tokenRevoked, AT.tokenLogin);
    return info;
  }

  /**
   * TokenManager.decodeToken, and CryptoManager.verify under it: a token this store knows decodes
   * (even expired or revoked); any other text fails as the Java code fails on it.
   */
  decode(token: string | null, ...callers: string[]): TokenInfo {
    const known = token === null ? undefined : this.infos.get(token);
    if (known) return known;
    const frames = (line: number) => [
      `${CRYPTO_FRAME}(CryptoManager.java:${String(line)})`,
      AT.decode,
      ...callers,
    ];
    // Base64.decodeBase64(null) is null, and data[0] of null throws.
    if (token === null)
      throw new JavaError(
        'java.lang.NullPointerException',
        'Cannot load from byte/boolean array because "data" is null',
        frames(64),
      );
    const data = Buffer.from(token, 'base64');
    if (data.length === 0)
      throw new JavaError(
        'java.lang.ArrayIndexOutOfBoundsException',
        'Index 0 out of bounds for length 0',
        frames(64),
      );
    const length = data.readInt8(0);
    const size = data.length - 1 - length;
    if (size < 0) throw new JavaError('java.lang.NegativeArraySizeException', String(size), frames(65));
    if (1 + length < 0)
      throw new JavaError(
        'java.lang.ArrayIndexOutOfBoundsException',
        `arraycopy: source index ${String(1 + length)} out of bounds for byte[${String(data.length)}]`,
        frames(66),
      );
    if (data[1] !== 0x30)
      throw new JavaError('java.security.SignatureException', 'Invalid encoding for signature', frames(68));
    // Signed by another key, or by this one for a token since forgotten (tokens.delete).
    throw securityError('Invalid signature', ...frames(69));
  }

  private sign(data: Buffer): Buffer {
    const mac = createHmac('sha256', this.secret).update(data).digest();
    return Buffer.concat([Buffer.from([0x30, mac.length]), mac]);
  }
}
