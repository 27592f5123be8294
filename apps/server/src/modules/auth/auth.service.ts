import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SIGN_IN_ERROR_CODES, SIGN_IN_MESSAGES, type LoginResponse } from '@toolkit/contracts/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { FleetMirror, PlatformActors, SessionAuthority } from '../../lib/ports.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthUser } from '../../lib/types.ts';
import {
  ProviderSignInRefusedError,
  ProviderUnavailableError,
  type FleetProvider,
  type SignInRefusal,
} from '../../providers/fleet/fleet-provider.ts';
import { wakePushesOf } from '../sync/outbox.repository.ts';
import { AccessFollower } from './access-follower.ts';
import {
  createSession,
  findSessionCredential,
  findSessionExternalUserId,
  findSessionUser,
  findUserIdByExternalId,
  findUserIdByLogin,
  isKnownDevice,
  revokeSession,
  saveCredential,
  touchSession,
  upsertUser,
} from './auth.repository.ts';
import { SessionCache } from './session-cache.ts';
import { SignInGuard, tooManyMessage, type SignInAttempt } from './sign-in-guard.ts';

const AUTH_MESSAGES = {
  invalid: 'Invalid username or password',
  tooMany: tooManyMessage,
  providerDown: 'The fleet tracking system cannot be reached. Please try again shortly.',
  missing: 'Authentication required',
  expired: 'Session expired or invalid. Please sign in again.',
} as const;

const TOUCH_EVERY_MS = 5 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface AuthServiceOptions {
  sessionTtlMs: number;
  rememberMeTtlMs: number;
  /**
   * How long a session read from the database is trusted without reading it again (0: never);
   * only while the change feed is live, which forgets a revoked session at once (decision 028).
   */
  sessionCacheTtlMs: number;
  /** How old the platform's answer on a user's agencies may be before it is asked again (issue 32). */
  accessCheckMs?: number;
}

/** What the sign-in answers when the platform refuses an account that gave its password. */
const REFUSALS: Record<SignInRefusal, AppError> = {
  'code-required': new AppError(401, SIGN_IN_ERROR_CODES.codeRequired, SIGN_IN_MESSAGES.codeRequired),
  'invalid-code': new AppError(401, SIGN_IN_ERROR_CODES.invalidCode, SIGN_IN_MESSAGES.invalidCode),
  disabled: new AppError(403, SIGN_IN_ERROR_CODES.disabled, SIGN_IN_MESSAGES.disabled),
  expired: new AppError(403, SIGN_IN_ERROR_CODES.expired, SIGN_IN_MESSAGES.expired),
};

export class AuthService implements SessionAuthority {
  private readonly guard: SignInGuard;
  private readonly sessions: SessionCache;
  private readonly access: AccessFollower;

  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
    private readonly mirror: FleetMirror,
    private readonly options: AuthServiceOptions,
    feed: ChangeFeed,
    private readonly platformUsers: {
      actors: PlatformActors;
      box: SecretBox;
      log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
    } | null = null,
  ) {
    this.sessions = new SessionCache(feed, options.sessionCacheTtlMs);
    this.guard = new SignInGuard(db);
    this.access = new AccessFollower(
      db,
      provider,
      platformUsers?.actors ?? { forUser: () => Promise.resolve(null), refused: () => Promise.resolve() },
      mirror,
      platformUsers?.log ?? null,
      options.accessCheckMs,
    );
  }

  async login(
    input: { username: string; password: string; rememberMe: boolean; code?: string | undefined },
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

    const expiresAt = new Date(
      Date.now() + (input.rememberMe ? this.options.rememberMeTtlMs : this.options.sessionTtlMs),
    );
    let account;
    try {
      account = await this.provider.signIn(input.username.trim(), input.password, {
        code: input.code,
        sessionExpiresAt: expiresAt,
      });
    } catch (err) {
      if (err instanceof ProviderUnavailableError)
        throw new AppError(503, 'PROVIDER_UNAVAILABLE', AUTH_MESSAGES.providerDown);
      if (err instanceof ProviderSignInRefusedError) {
        // A wrong one-time code is a failed attempt; being asked for one, or a refused account, is not.
        if (err.reason === 'invalid-code') await this.guard.failed(attempt);
        throw REFUSALS[err.reason];
      }
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
      platformRestrictions: account.platformRestrictions ?? [],
      role: account.role ?? 'installer',
    });
    this.access.noteChecked(user.id);
    // Its other sessions cached here carry the agencies it had before this sign-in.
    this.sessions.forgetUser(user.id);

    const token = randomBytes(32).toString('base64url');
    // The device cookie: kept when the browser sent one, else a new one for this device.
    const deviceToken = meta.deviceToken ?? randomBytes(32).toString('base64url');
    const sessionId = await createSession(this.db, {
      tokenHash: hashToken(token),
      userId: user.id,
      rememberMe: input.rememberMe,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
      deviceHash: hashToken(deviceToken),
    });
    // The platform's credential for the user's own writes, sealed (never their password).
    if (account.credential && this.platformUsers)
      await saveCredential(this.db, {
        sessionId,
        userId: user.id,
        sealed: this.platformUsers.box.seal(account.credential.secret),
        expiresAt: account.credential.expiresAt ? new Date(account.credential.expiresAt) : null,
      });
    // What waited for this user to sign in again goes at the outbox's next round.
    if (account.credential) await wakePushesOf(this.db, user.id);
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
    // Access follows the platform: agencies and restrictions asked again when due (issue 32).
    const verdict = await this.access.follow(session.user);
    if (verdict.kind === 'refused') {
      await this.endSession(session.sessionId);
      throw new AppError(401, 'UNAUTHORIZED', AUTH_MESSAGES.expired);
    }
    if (verdict.user !== session.user) session.user = verdict.user;
    return { user: session.user, sessionId: session.sessionId };
  }

  async logout(sessionId: number): Promise<void> {
    const sealed = this.platformUsers ? await findSessionCredential(this.db, sessionId) : null;
    const user = sealed === null ? null : await findSessionExternalUserId(this.db, sessionId);
    await this.endSession(sessionId);
    // The platform's token made for this session ends with it (best effort, not awaited).
    const credential = sealed === null ? null : (this.platformUsers?.box.open(sealed) ?? null);
    if (credential && user && this.provider.endCredential)
      void this.provider.endCredential({ externalId: user, credential }).catch(() => undefined);
  }

  private async endSession(sessionId: number): Promise<void> {
    this.sessions.forgetSession(sessionId);
    await revokeSession(this.db, sessionId);
    // A request that read the session before the revocation may have cached it meanwhile.
    this.sessions.forgetSession(sessionId);
  }
}
