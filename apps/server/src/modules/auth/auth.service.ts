import { createHash, randomBytes } from 'node:crypto';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { FleetMirror, SessionAuthority } from '../../lib/ports.ts';
import type { AuthUser } from '../../lib/types.ts';
import { ProviderUnavailableError, type FleetProvider } from '../../providers/fleet/fleet-provider.ts';
import {
  createSession,
  findSessionUser,
  findUserIdByExternalId,
  findUserIdByLogin,
  isKnownDevice,
  revokeSession,
  touchSession,
  upsertUser,
} from './auth.repository.ts';
import { SessionCache } from './session-cache.ts';
import { SignInGuard, tooManyMessage, type SignInAttempt } from './sign-in-guard.ts';

export const AUTH_MESSAGES = {
  invalid: 'Invalid username or password',
  tooMany: tooManyMessage,
  providerDown: 'The fleet tracking system cannot be reached. Please try again shortly.',
  missing: 'Authentication required',
  expired: 'Session expired or invalid. Please sign in again.',
} as const;

const TOUCH_EVERY_MS = 5 * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AuthServiceOptions {
  sessionTtlMs: number;
  rememberMeTtlMs: number;
  /**
   * How long a session read from the database is trusted without reading it again (0: never);
   * only while the change feed is live, which forgets a revoked session at once (decision 028).
   */
  sessionCacheTtlMs: number;
}

export class AuthService implements SessionAuthority {
  private readonly guard: SignInGuard;
  private readonly sessions: SessionCache;

  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
    private readonly mirror: FleetMirror,
    private readonly options: AuthServiceOptions,
    feed: ChangeFeed,
  ) {
    this.sessions = new SessionCache(feed, options.sessionCacheTtlMs);
    this.guard = new SignInGuard(db);
  }

  async login(
    input: { username: string; password: string; rememberMe: boolean },
    meta: { ip: string; userAgent: string | null; deviceToken: string | null },
  ): Promise<LoginResponse & { deviceToken: string }> {
    const knownUserId = await findUserIdByLogin(this.db, input.username);
    const deviceHash = meta.deviceToken ? hashToken(meta.deviceToken) : null;
    const attempt: SignInAttempt = {
      accountKey:
        knownUserId === null ? await this.unknownAccountKey(input.username) : `user:${String(knownUserId)}`,
      ip: meta.ip,
      knownDeviceHash:
        deviceHash && knownUserId !== null && (await isKnownDevice(this.db, knownUserId, deviceHash))
          ? deviceHash
          : null,
    };
    await this.guard.check(attempt);

    let account;
    try {
      account = await this.provider.signIn(input.username.trim(), input.password);
    } catch (err) {
      if (err instanceof ProviderUnavailableError)
        throw new AppError(503, 'PROVIDER_UNAVAILABLE', AUTH_MESSAGES.providerDown);
      throw err;
    }
    if (!account) {
      await this.guard.failed(attempt);
      throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalid);
    }
    await this.guard.succeeded(attempt);

    let clientIds: number[];
    try {
      clientIds = await this.mirror.syncClients(account.clientExternalIds);
    } catch (err) {
      if (err instanceof ProviderUnavailableError)
        throw new AppError(503, 'PROVIDER_UNAVAILABLE', AUTH_MESSAGES.providerDown);
      throw err;
    }
    const user = await upsertUser(this.db, {
      username: account.username.toLowerCase(),
      externalId: account.externalId,
      name: account.name,
      email: account.email,
      clientIds,
    });
    // Its other sessions cached here carry the agencies it had before this sign-in.
    this.sessions.forgetUser(user.id);

    const token = randomBytes(32).toString('base64url');
    // The device cookie: kept when the browser sent one, else a new one for this device.
    const deviceToken = meta.deviceToken ?? randomBytes(32).toString('base64url');
    const expiresAt = new Date(
      Date.now() + (input.rememberMe ? this.options.rememberMeTtlMs : this.options.sessionTtlMs),
    );
    await createSession(this.db, {
      tokenHash: hashToken(token),
      userId: user.id,
      rememberMe: input.rememberMe,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
      deviceHash: hashToken(deviceToken),
    });
    // The first pull of the user's fleets runs on its own: lists wait for it (mirror.ready).
    this.mirror.pullSoon(clientIds);
    return { token, user, expiresAt: expiresAt.toISOString(), deviceToken };
  }

  /**
   * The limiter key of an account that has not signed in here yet: the fleet system says which
   * account the login names (decision 038), so its username and its e-mail share one count. When
   * it cannot tell (no such account, one login name per account, the system down), the login string.
   */
  private async unknownAccountKey(login: string): Promise<string> {
    const normalized = login.trim().toLowerCase();
    let externalId: string | null = null;
    try {
      externalId = await this.provider.accountIdOf(normalized);
    } catch {
      // An unreachable system answers the sign-in itself (503); the count falls back to the string.
    }
    if (externalId === null) return `login:${normalized}`;
    const userId = await findUserIdByExternalId(this.db, externalId);
    return userId === null ? `external:${externalId}` : `user:${String(userId)}`;
  }

  /** The user behind a bearer token, or an error in the words the client shows. */
  async authenticate(authorization: string | undefined): Promise<{ user: AuthUser; sessionId: number }> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (!token) throw new AppError(401, 'UNAUTHORIZED', AUTH_MESSAGES.missing);
    const tokenHash = hashToken(token);
    let session = this.sessions.get(tokenHash);
    if (!session) {
      const ticket = this.sessions.ticket();
      const found = await findSessionUser(this.db, tokenHash);
      if (!found) throw new AppError(401, 'UNAUTHORIZED', AUTH_MESSAGES.expired);
      session = {
        sessionId: found.sessionId,
        user: found.user,
        lastUsedAt: found.lastUsedAt.getTime(),
        expiresAt: found.expiresAt.getTime(),
      };
      this.sessions.set(tokenHash, session, ticket);
    }
    if (Date.now() - session.lastUsedAt > TOUCH_EVERY_MS) {
      session.lastUsedAt = Date.now();
      await touchSession(this.db, session.sessionId);
    }
    return { user: session.user, sessionId: session.sessionId };
  }

  async logout(sessionId: number): Promise<void> {
    this.sessions.forgetSession(sessionId);
    await revokeSession(this.db, sessionId);
    // A request that read the session before the revocation may have cached it meanwhile.
    this.sessions.forgetSession(sessionId);
  }
}
