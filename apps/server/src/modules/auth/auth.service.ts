import { createHash, randomBytes } from 'node:crypto';
import type { LoginResponse } from '@toolkit/contracts/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FleetMirror, SessionAuthority } from '../../lib/ports.ts';
import type { AuthUser } from '../../lib/types.ts';
import { ProviderUnavailableError, type FleetProvider } from '../../providers/fleet/fleet-provider.ts';
import {
  createSession,
  findSessionUser,
  findUserIdByLogin,
  isKnownDevice,
  revokeSession,
  touchSession,
  upsertUser,
} from './auth.repository.ts';
import { SignInGuard, tooManyMessage, type SignInAttempt } from './sign-in-guard.ts';

export const AUTH_MESSAGES = {
  invalid: 'Invalid username or password',
  tooMany: tooManyMessage,
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
  private readonly guard = new SignInGuard();

  constructor(
    private readonly db: Db,
    private readonly provider: FleetProvider,
    private readonly mirror: FleetMirror,
    private readonly options: AuthServiceOptions,
  ) {}

  async login(
    input: { username: string; password: string; rememberMe: boolean },
    meta: { ip: string; userAgent: string | null; deviceToken: string | null },
  ): Promise<LoginResponse & { deviceToken: string }> {
    const knownUserId = await findUserIdByLogin(this.db, input.username);
    const deviceHash = meta.deviceToken ? hashToken(meta.deviceToken) : null;
    const attempt: SignInAttempt = {
      accountKey:
        knownUserId === null ? `login:${input.username.trim().toLowerCase()}` : `user:${String(knownUserId)}`,
      ip: meta.ip,
      knownDeviceHash:
        deviceHash && knownUserId !== null && (await isKnownDevice(this.db, knownUserId, deviceHash))
          ? deviceHash
          : null,
    };
    this.guard.check(attempt);

    let account;
    try {
      account = await this.provider.signIn(input.username.trim(), input.password);
    } catch (err) {
      if (err instanceof ProviderUnavailableError)
        throw new AppError(503, 'PROVIDER_UNAVAILABLE', AUTH_MESSAGES.providerDown);
      throw err;
    }
    if (!account) {
      this.guard.failed(attempt);
      throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalid);
    }
    this.guard.succeeded(attempt);

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
    return { token, user, expiresAt: expiresAt.toISOString(), deviceToken };
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
