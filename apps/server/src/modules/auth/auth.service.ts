import { createHash, randomBytes } from 'node:crypto';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FleetMirror, SessionAuthority } from '../../lib/ports.ts';
import { FailureLimiter } from '../../lib/rate-limiter.ts';
import type { AuthUser } from '../../lib/types.ts';
import { ProviderUnavailableError, type FleetProvider } from '../../providers/fleet/fleet-provider.ts';
import {
  createSession,
  findSessionUser,
  revokeSession,
  touchSession,
  upsertUser,
} from './auth.repository.ts';

export const AUTH_MESSAGES = {
  invalid: 'Invalid username or password',
  tooMany: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}.`,
  providerDown: 'The fleet tracking system cannot be reached. Please try again shortly.',
  missing: 'Authentication required',
  expired: 'Session expired or invalid. Please sign in again.',
} as const;

const TOUCH_EVERY_MS = 5 * 60_000;
/** How long sign-in waits for the first pull of the user's fleets before answering anyway. */
const INITIAL_SYNC_WAIT_MS = 4000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AuthServiceOptions {
  sessionTtlMs: number;
  rememberMeTtlMs: number;
}

export class AuthService implements SessionAuthority {
  private readonly perAccount = new FailureLimiter(5, 15 * 60_000);
  private readonly perAddress = new FailureLimiter(30, 15 * 60_000);

  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
    private readonly mirror: FleetMirror,
    private readonly options: AuthServiceOptions,
  ) {}

  async login(
    input: { username: string; password: string; rememberMe: boolean },
    meta: { ip: string; userAgent: string | null },
  ): Promise<LoginResponse> {
    const accountKey = input.username.trim().toLowerCase();
    const wait = Math.max(this.perAccount.retryAfterMs(accountKey), this.perAddress.retryAfterMs(meta.ip));
    if (wait > 0)
      throw new AppError(429, 'TOO_MANY_ATTEMPTS', AUTH_MESSAGES.tooMany(Math.ceil(wait / 60_000)));

    let account;
    try {
      account = await this.provider.signIn(input.username.trim(), input.password);
    } catch (err) {
      if (err instanceof ProviderUnavailableError)
        throw new AppError(503, 'PROVIDER_UNAVAILABLE', AUTH_MESSAGES.providerDown);
      throw err;
    }
    if (!account) {
      this.perAccount.fail(accountKey);
      this.perAddress.fail(meta.ip);
      throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalid);
    }
    this.perAccount.reset(accountKey);

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
    await this.pullFleets(clientIds);

    const token = randomBytes(32).toString('base64url');
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
    });
    return { token, user, expiresAt: expiresAt.toISOString() };
  }

  /** The user behind a bearer token, or an error in the words the client shows. */
  async authenticate(authorization: string | undefined): Promise<{ user: AuthUser; sessionId: number }> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (!token) throw new AppError(401, 'UNAUTHORIZED', AUTH_MESSAGES.missing);
    const found = await findSessionUser(this.db, hashToken(token));
    if (!found) throw new AppError(401, 'UNAUTHORIZED', AUTH_MESSAGES.expired);
    if (Date.now() - found.lastUsedAt.getTime() > TOUCH_EVERY_MS)
      await touchSession(this.db, found.sessionId);
    return { user: found.user, sessionId: found.sessionId };
  }

  logout(sessionId: number): Promise<void> {
    return revokeSession(this.db, sessionId);
  }

  private async pullFleets(clientIds: number[]): Promise<void> {
    const pulls = Promise.allSettled(
      clientIds.map((id) => {
        this.mirror.touch(id);
        return this.mirror.syncFleet(id);
      }),
    );
    await Promise.race([pulls, new Promise((resolve) => setTimeout(resolve, INITIAL_SYNC_WAIT_MS).unref())]);
  }
}
